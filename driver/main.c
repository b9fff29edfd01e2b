#include "config.h"
#include "driver/driver.h"

int main(int argc, char **argv) { return rfl_driver_main(argc, argv); }
