#include "config.h"
#include "unified_memory/unified_memory.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(unified_memory)
