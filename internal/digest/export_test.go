package digest

// OfMessageSlow exposes the reference path to the black-box tests.
var OfMessageSlow = ofMessageSlow

// NeedsEscape8 exposes the eight-byte escape test.
var NeedsEscape8 = needsEscape8

// AppendCase exposes the hand-written encoder of a case.
var AppendCase = appendCase

// ErrNilElement is what AppendCase returns for a case that OfMessage sends
// to the reflective encoder.
var ErrNilElement = errNilElement

// Encode exposes the digest's text of a hash.
var Encode = encode
