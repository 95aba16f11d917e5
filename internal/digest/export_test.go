package digest

// OfMessageSlow exposes the reference path to the black-box tests.
var OfMessageSlow = ofMessageSlow

// NeedsEscape8 exposes the eight-byte escape test.
var NeedsEscape8 = needsEscape8
