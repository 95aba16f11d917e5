// Package digest computes Shield's inputDigest: the unpadded base64url
// SHA-256 of the RFC 8785 (JCS) canonical JSON of a case.
//
// The rule, so that any client can reproduce it:
//
//  1. Take the request's "case" in its proto3 JSON form: lowerCamelCase
//     field names, enums as their names (e.g. "FACT_SOURCE_SYSTEM"),
//     fields at their default value (empty strings, 0, false, empty lists,
//     UNSPECIFIED enums, absent messages) left out.
//  2. Canonicalise it with RFC 8785 (JCS): keys sorted by UTF-16 code
//     units, no whitespace, numbers in their ECMAScript shortest form,
//     strings with JCS's minimal escaping.
//  3. Hash the canonical bytes with SHA-256.
//  4. Encode the 32-byte hash as base64url without padding: 43 characters.
//
// The ids outside the case (consultation, case and agent ids) and the
// analysis mode are not hashed. docs/digest.md shows the rule in Python and
// TypeScript.
package digest

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/gowebpki/jcs"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// Len is the length of every digest: 32 bytes in unpadded base64url.
const Len = 43

// Canonicalize returns the RFC 8785 canonical form of the JSON text in doc.
func Canonicalize(doc []byte) ([]byte, error) {
	out, err := jcs.Transform(doc)
	if err != nil {
		return nil, fmt.Errorf("digest: canonicalize: %w", err)
	}
	return out, nil
}

// OfJSON returns the digest of the JSON text in doc: SHA-256 over its JCS
// canonical form, in unpadded base64url. Key order and whitespace in doc do
// not change the result.
func OfJSON(doc []byte) (string, error) {
	canon, err := Canonicalize(doc)
	if err != nil {
		return "", err
	}
	return OfCanonical(canon), nil
}

// OfCanonical returns the digest of bytes that are already canonical.
func OfCanonical(canon []byte) string {
	return encode(sha256.Sum256(canon))
}

// encode is the digest's text for a hash: base64.RawURLEncoding's
// EncodeToString, written into an array first so that the string is the
// only allocation (EncodeToString makes a slice, then the string).
func encode(sum [sha256.Size]byte) string {
	var b [Len]byte
	base64.RawURLEncoding.Encode(b[:], sum[:])
	return string(b[:])
}

// OfMessage returns the digest of m's proto3 JSON form (default values
// omitted, lowerCamelCase names), as the package doc describes. For a
// consultation it is called with the request's case, never the request.
func OfMessage(m proto.Message) (string, error) {
	d, err := ofMessageFast(m)
	if !errors.Is(err, errWellKnown) {
		return d, err
	}
	return ofMessageSlow(m)
}

// ofMessageSlow is the rule written out literally: proto3 JSON, then JCS.
// It is the reference the fast path is tested against.
func ofMessageSlow(m proto.Message) (string, error) {
	doc, err := protojson.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("digest: marshal: %w", err)
	}
	return OfJSON(doc)
}
