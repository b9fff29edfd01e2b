#include "config.h"
#include "network/network.h"
#include "common/main.h"

RFL_PROGRAM_MAIN(network)
