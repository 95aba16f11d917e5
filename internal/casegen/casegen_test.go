package casegen_test

import (
	"fmt"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/a2atrust/shield/internal/casegen"
	"github.com/a2atrust/shield/internal/server"
)

func TestRequestSizes(t *testing.T) {
	for _, size := range []int{1 << 10, 2 << 10, 64 << 10, 1000 << 10} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			req := casegen.Request(size)
			if err := server.Validate(req); err != nil {
				t.Fatalf("generated request invalid: %v", err)
			}
			got := proto.Size(req)
			if got < size*9/10 || got > size*11/10+1024 || got > server.MaxRequestBytes {
				t.Errorf("size %d, want about %d", got, size)
			}
			if !proto.Equal(req, casegen.Request(size)) {
				t.Error("same size, different request")
			}
		})
	}
}

func ExampleRequest() {
	req := casegen.Request(64 << 10)
	fmt.Println(req.GetCase().GetProposedAction().GetAction(), proto.Size(req) > 60000)
	// Output: payments:create true
}
