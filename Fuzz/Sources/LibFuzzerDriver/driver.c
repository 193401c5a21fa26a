// driver.c: empty — SwiftPM needs one source file for the C module whose header declares the driver.
#include "LibFuzzerDriver.h"
