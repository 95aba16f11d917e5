package digest

// OfMessageSlow exposes the reference path to the black-box tests.
var OfMessageSlow = ofMessageSlow
