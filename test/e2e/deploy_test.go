package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// deployDir is the repository's deploy/ directory.
var deployDir = filepath.Join("..", "..", "deploy")

// serveFlags returns the flags `shield serve -h` lists.
func serveFlags(t *testing.T) map[string]bool {
	t.Helper()
	out, _ := exec.Command(shieldBin, "serve", "-h").CombinedOutput() // -h exits 2
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`).FindAllStringSubmatch(string(out), -1) {
		flags[m[1]] = true
	}
	if !flags["listen"] || !flags["records"] {
		t.Fatalf("could not read the flags of shield serve:\n%s", out)
	}
	return flags
}

// serveArgs checks that args (after the binary) are `serve` and flags
// that exist, and returns the flags' values.
func serveArgs(t *testing.T, where string, args []string, flags map[string]bool) map[string]string {
	t.Helper()
	if len(args) == 0 || args[0] != "serve" {
		t.Errorf("%s: shield is not run as `shield serve`: %q", where, args)
		return nil
	}
	vals := map[string]string{}
	for _, a := range args[1:] {
		name, val, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			t.Errorf("%s: argument %q is not a --flag=value", where, a)
			continue
		}
		if !flags[name] {
			t.Errorf("%s: shield serve has no flag --%s", where, name)
		}
		vals[name] = val
	}
	return vals
}

// port returns the port of a host:port listen address, or 0 for a Unix
// socket.
func port(t *testing.T, where, addr string) int {
	t.Helper()
	if strings.HasPrefix(addr, "unix://") {
		return 0
	}
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Errorf("%s: listen address %q: %v", where, addr, err)
		return -1
	}
	n, _ := strconv.Atoi(p)
	return n
}

// yamlDocs decodes every document of a multi-document YAML file.
func yamlDocs(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var docs []map[string]any
	for {
		var d map[string]any
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if d != nil {
			docs = append(docs, d)
		}
	}
	return docs
}

// dig walks nested maps by key.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func list(v any) []any { l, _ := v.([]any); return l }

func str(v any) string { s, _ := v.(string); return s }

func num(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case string:
		i, _ := strconv.Atoi(n)
		return i
	}
	return -1
}

func TestKubernetesManifests(t *testing.T) {
	flags := serveFlags(t)
	paths, err := filepath.Glob(filepath.Join(deployDir, "kubernetes", "*.yaml"))
	if err != nil || len(paths) < 2 {
		t.Fatalf("manifests: %v %v", paths, err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			docs := yamlDocs(t, path)
			kinds := map[string]map[string]any{}
			for _, d := range docs {
				if str(d["apiVersion"]) == "" || str(d["kind"]) == "" || str(dig(d, "metadata", "name")) == "" {
					t.Errorf("a document without apiVersion, kind or name: %v", d)
				}
				kinds[str(d["kind"])] = d
			}
			dep := kinds["Deployment"]
			if dep == nil {
				t.Fatal("no Deployment")
			}
			podSpec := dig(dep, "spec", "template", "spec")
			podLabels, _ := dig(dep, "spec", "template", "metadata", "labels").(map[string]any)
			if sel, _ := dig(dep, "spec", "selector", "matchLabels").(map[string]any); !subset(sel, podLabels) {
				t.Errorf("Deployment selector %v does not match its pods' labels %v", sel, podLabels)
			}
			var shield map[string]any
			containers := append(list(dig(podSpec, "initContainers")), list(dig(podSpec, "containers"))...)
			for _, c := range containers {
				if str(dig(c, "name")) == "shield" {
					shield = c.(map[string]any)
				}
			}
			if shield == nil {
				t.Fatal("no container named shield")
			}
			vals := serveArgs(t, "shield container", stringList(shield["args"]), flags)
			grpcPort := port(t, "--listen", vals["listen"])
			metricsPort := 0
			if vals["metrics-listen"] != "" {
				metricsPort = port(t, "--metrics-listen", vals["metrics-listen"])
			}
			declared := map[string]int{}
			for _, p := range list(shield["ports"]) {
				declared[str(dig(p, "name"))] = num(dig(p, "containerPort"))
			}
			if grpcPort > 0 && declared["grpc"] != grpcPort {
				t.Errorf("container port grpc %d, --listen port %d", declared["grpc"], grpcPort)
			}
			if metricsPort > 0 && declared["metrics"] != metricsPort {
				t.Errorf("container port metrics %d, --metrics-listen port %d", declared["metrics"], metricsPort)
			}
			for _, probe := range []string{"readinessProbe", "livenessProbe", "startupProbe"} {
				p := shield[probe]
				if p == nil {
					if probe != "startupProbe" {
						t.Errorf("no %s", probe)
					}
					continue
				}
				switch {
				case dig(p, "grpc") != nil:
					if grpcPort <= 0 || num(dig(p, "grpc", "port")) != grpcPort {
						t.Errorf("%s: gRPC probe on port %v, but shield serves gRPC on %q", probe, dig(p, "grpc", "port"), vals["listen"])
					}
					if svc := str(dig(p, "grpc", "service")); svc != "" && svc != "shield.v1.ShieldService" {
						t.Errorf("%s: health service %q is not one the server reports", probe, svc)
					}
				case dig(p, "httpGet") != nil:
					path := str(dig(p, "httpGet", "path"))
					if metricsPort <= 0 || num(dig(p, "httpGet", "port")) != metricsPort || (path != "/readyz" && path != "/healthz") {
						t.Errorf("%s: HTTP probe %v, but shield serves /readyz and /healthz on %q", probe, dig(p, "httpGet"), vals["metrics-listen"])
					}
					if probe == "livenessProbe" && path != "/healthz" {
						t.Errorf("livenessProbe should ask /healthz, not %s", path)
					}
				default:
					t.Errorf("%s is neither a gRPC nor an HTTP probe of shield", probe)
				}
			}
			if dig(shield, "resources", "requests", "cpu") == nil || dig(shield, "resources", "requests", "memory") == nil || dig(shield, "resources", "limits", "memory") == nil {
				t.Error("shield has no cpu/memory requests or memory limit")
			}
			if dig(podSpec, "securityContext", "runAsNonRoot") != true {
				t.Error("the pod does not require a non-root user")
			}
			checkMounts(t, shield, vals, podSpec)
			if path := vals["listen"]; strings.HasPrefix(path, "unix://") {
				// A sidecar: the agent must share the socket's volume.
				dir := filepath.Dir(strings.TrimPrefix(path, "unix://"))
				shared := 0
				for _, c := range containers {
					for _, m := range list(dig(c, "volumeMounts")) {
						if str(dig(m, "mountPath")) == dir {
							shared++
						}
					}
				}
				if shared < 2 {
					t.Errorf("the socket directory %s is not mounted in both shield and the agent", dir)
				}
			}

			if svc := kinds["Service"]; svc != nil {
				sel, _ := dig(svc, "spec", "selector").(map[string]any)
				if !subset(sel, podLabels) {
					t.Errorf("Service selector %v does not select the pods %v", sel, podLabels)
				}
				for _, p := range list(dig(svc, "spec", "ports")) {
					tp := dig(p, "targetPort")
					if name, ok := tp.(string); ok {
						if _, found := declared[name]; !found {
							t.Errorf("Service targetPort %q is not a port of shield", name)
						}
					} else if num(tp) != grpcPort && num(tp) != metricsPort {
						t.Errorf("Service targetPort %v is not a port shield serves", tp)
					}
				}
			}
			if pdb := kinds["PodDisruptionBudget"]; pdb != nil {
				if sel, _ := dig(pdb, "spec", "selector", "matchLabels").(map[string]any); !subset(sel, podLabels) {
					t.Errorf("PDB selector %v does not select the pods", sel)
				}
			}
			if hpa := kinds["HorizontalPodAutoscaler"]; hpa != nil {
				if str(dig(hpa, "spec", "scaleTargetRef", "name")) != str(dig(dep, "metadata", "name")) || str(dig(hpa, "spec", "scaleTargetRef", "kind")) != "Deployment" {
					t.Errorf("HPA scales %v, not the Deployment", dig(hpa, "spec", "scaleTargetRef"))
				}
				if dig(shield, "resources", "requests", "cpu") == nil {
					t.Error("a CPU-utilisation HPA needs a CPU request")
				}
			}
			if strings.Contains(path, "shared") {
				for _, k := range []string{"Service", "PodDisruptionBudget", "HorizontalPodAutoscaler"} {
					if kinds[k] == nil {
						t.Errorf("the shared deployment has no %s", k)
					}
				}
			}
		})
	}
}

// checkMounts checks that the files shield is told to read or write are
// on volumes mounted in its container.
func checkMounts(t *testing.T, shield map[string]any, vals map[string]string, podSpec any) {
	t.Helper()
	var mounts []string
	for _, m := range list(shield["volumeMounts"]) {
		mounts = append(mounts, str(dig(m, "mountPath")))
	}
	volumes := map[string]bool{}
	for _, v := range list(dig(podSpec, "volumes")) {
		volumes[str(dig(v, "name"))] = true
	}
	for _, m := range list(shield["volumeMounts"]) {
		if !volumes[str(dig(m, "name"))] {
			t.Errorf("volume mount %v names no volume of the pod", m)
		}
	}
	for _, flag := range []string{"records", "auth-tokens", "tls-cert", "tls-key", "tls-client-ca", "listen"} {
		p := strings.TrimPrefix(vals[flag], "unix://")
		if p == "" || p == "-" || !strings.HasPrefix(p, "/") {
			continue
		}
		ok := false
		for _, m := range mounts {
			if strings.HasPrefix(p, strings.TrimSuffix(m, "/")+"/") {
				ok = true
			}
		}
		if !ok {
			t.Errorf("--%s=%s is on no volume mounted in the shield container (the root file system is read-only)", flag, p)
		}
	}
}

func subset(sel, labels map[string]any) bool {
	if len(sel) == 0 {
		return false
	}
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func stringList(v any) []string {
	var out []string
	for _, x := range list(v) {
		out = append(out, str(x))
	}
	return out
}

func TestDockerfile(t *testing.T) {
	flags := serveFlags(t)
	data, err := os.ReadFile(filepath.Join(deployDir, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	var froms, exposes []string
	var cmd, entry []string
	user := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		word, rest, _ := strings.Cut(line, " ")
		switch strings.ToUpper(word) {
		case "FROM":
			froms = append(froms, rest)
		case "EXPOSE":
			exposes = append(exposes, strings.Fields(rest)...)
		case "USER":
			user = rest
		case "CMD":
			if err := json.Unmarshal([]byte(rest), &cmd); err != nil {
				t.Errorf("CMD is not an exec-form JSON array: %v", err)
			}
		case "ENTRYPOINT":
			if err := json.Unmarshal([]byte(rest), &entry); err != nil {
				t.Errorf("ENTRYPOINT is not an exec-form JSON array: %v", err)
			}
		}
	}
	if len(froms) < 2 {
		t.Errorf("not a multi-stage build: FROM %v", froms)
	}
	if final := froms[len(froms)-1]; !strings.Contains(final, "distroless") && !strings.Contains(final, "scratch") {
		t.Errorf("final image %q is not minimal", final)
	}
	if !strings.Contains(text, "CGO_ENABLED=0") {
		t.Error("the binary is not built static (CGO_ENABLED=0)")
	}
	if user == "" || strings.HasPrefix(user, "0") || strings.HasPrefix(user, "root") {
		t.Errorf("USER %q is root or missing", user)
	}
	if len(entry) != 1 || !strings.Contains(text, "COPY --from=build /out/shield "+entry[0]) {
		t.Errorf("ENTRYPOINT %v is not the binary copied from the build stage", entry)
	}
	vals := serveArgs(t, "CMD", cmd, flags)
	for _, flag := range []string{"listen", "metrics-listen"} {
		p := strconv.Itoa(port(t, flag, vals[flag]))
		found := false
		for _, e := range exposes {
			if strings.TrimSuffix(e, "/tcp") == p {
				found = true
			}
		}
		if !found {
			t.Errorf("--%s port %s is not EXPOSEd (%v)", flag, p, exposes)
		}
	}
}

func TestSystemdUnit(t *testing.T) {
	flags := serveFlags(t)
	data, err := os.ReadFile(filepath.Join(deployDir, "systemd", "shield.service"))
	if err != nil {
		t.Fatal(err)
	}
	// Join continuation lines.
	text := strings.ReplaceAll(string(data), "\\\n", " ")
	var exec []string
	keys := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || strings.HasPrefix(k, "#") {
			continue
		}
		keys[k] = v
		if k == "ExecStart" {
			exec = strings.Fields(v)
		}
	}
	if len(exec) < 2 {
		t.Fatalf("no ExecStart")
	}
	vals := serveArgs(t, "ExecStart", exec[1:], flags)
	if sock := strings.TrimPrefix(vals["listen"], "unix://"); sock != vals["listen"] && !strings.HasPrefix(sock, "/run/"+keys["RuntimeDirectory"]+"/") {
		t.Errorf("socket %s is not in RuntimeDirectory=%s", sock, keys["RuntimeDirectory"])
	}
	if r := vals["records"]; r != "" && r != "-" && !strings.HasPrefix(r, "/var/lib/"+keys["StateDirectory"]+"/") {
		t.Errorf("record log %s is not in StateDirectory=%s (ProtectSystem=strict makes the rest read-only)", r, keys["StateDirectory"])
	}
	if keys["User"] == "" || keys["User"] == "root" {
		t.Error("the unit runs as root")
	}
	if !strings.Contains(keys["ExecReload"], "-HUP") {
		t.Error("reload does not send SIGHUP")
	}
}

func TestDeployReadmes(t *testing.T) {
	for _, p := range []string{"README.md", "kubernetes/README.md", "systemd/README.md"} {
		data, err := os.ReadFile(filepath.Join(deployDir, p))
		if err != nil {
			t.Errorf("missing %s: %v", p, err)
			continue
		}
		// Every `--flag` a README mentions for shield must exist.
		flags := serveFlags(t)
		for _, m := range regexp.MustCompile("--([a-z][a-z0-9-]+)=").FindAllStringSubmatch(string(data), -1) {
			if !flags[m[1]] && !clientFlags[m[1]] {
				t.Errorf("%s mentions --%s, which shield does not have", p, m[1])
			}
		}
	}
}

// clientFlags are the flags of `shield consult` that READMEs may show.
var clientFlags = map[string]bool{"addr": true, "timeout": true, "full": true, "tls": true, "tls-ca": true,
	"tls-cert": true, "tls-key": true, "tls-server-name": true, "token": true}

// TestOperationsDocCoversEveryFlag checks that docs/operations.md names
// every flag of `shield serve`.
func TestOperationsDocCoversEveryFlag(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "operations.md"))
	if err != nil {
		t.Fatal(err)
	}
	for f := range serveFlags(t) {
		if !regexp.MustCompile("`--" + regexp.QuoteMeta(f) + "[`=]").Match(data) {
			t.Errorf("docs/operations.md does not document --%s", f)
		}
	}
}
