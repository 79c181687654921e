// Intentionally empty: CFuzzSupport only declares libFuzzer's LLVMFuzzerRunDriver (see the header).
// SwiftPM needs one source file to make a C target.
