package fallback

// BaseCase gives the black-box tests the same clean supplier-payment case
// the white-box tests spoil one way at a time.
var BaseCase = sbase
