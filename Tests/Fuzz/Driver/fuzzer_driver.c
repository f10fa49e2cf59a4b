// The declaration is all this target is for: Swift calls libFuzzer's driver through it.
#include "fuzzer_driver.h"
