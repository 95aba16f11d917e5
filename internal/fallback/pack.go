package fallback

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/a2atrust/shield/internal/consult"
)

// defaultPack is the embedded default rule pack; see docs/rules.md.
//
//go:embed rules/default.rules
var defaultPack []byte

// pack is a parsed rule pack before compilation.
type pack struct {
	version string
	replace bool
	params  map[string]float64
	entries []entry
}

type entry struct {
	label  string
	weight float64
	phrase string
	line   int
	file   string
}

// auxLabels are the lexicons that are not tactics: the engine combines them
// with the structure of the case. Tactic labels are the schema's tactics.
var auxLabels = map[string]string{
	"@negation":    "single words that cancel a cue when they come up to three words before it",
	"@calm":        "phrases that take pressure off (\"no rush\", \"no action needed\")",
	"@warning":     "phrases that mark a message as a warning about an attack rather than one",
	"@request":     "verbs that ask for something to be sent, shown or done",
	"@secret":      "credentials and secrets: passwords, keys, tokens, one-time codes",
	"@sensitive":   "personal or confidential data: IDs, health, finances, addresses, beliefs",
	"@detail":      "words that ask for completeness: full, exact, all, every",
	"@minimal":     "words that ask for little: age band, roughly, a general description",
	"@bulk":        "requests that cover many records or people at once",
	"@approval":    "approval and verification steps a counterparty may try to skip",
	"@ineligible":  "phrases in verified records that rule an outcome out (\"no insurance\", \"non-refundable\")",
	"@role":        "roles and titles a counterparty may claim to carry authority",
	"@newdest":     "phrases that point money or access at a new destination",
	"@timestake":   "what gives a time a reason: a limit, a consequence, an emergency, a loss",
	"@signoff":     "a past approval, permission or promise, read with an office before it",
	"@status":      "states a record keeps of a thing (cancelled, delivered, refunded), said in a message",
	"@selfframe":   "a speaker framing its own office (\"as the\", \"I run\", \"en nombre de\"), read with an office noun after it",
	"@consequence": "what a missed time costs (\"miss\", \"by then\", \"perdemos\"), the words @timestake lacks",
	"@runcost":     "a recurring period (\"every hour\", \"cada día\"), read with a cost verb after it",
	"@appeal":      "an appeal to the listener's conscience or a harm laid on them (\"do you have any heart\", \"wollen Sie wirklich\")",
	"@picture":     "a harm pictured for the listener (\"picture\", \"imagínese\", \"stellen Sie sich vor\")",
	"@lovingrole":  "the listener's love invoked (\"as parents you\", \"kein Vater, der\", \"si fuera su hijo\")",
	"@mustact":     "an obligation put on the act (\"must\", \"has to\", \"doit\", \"muss\"), read with a deadline in its sentence (judge16a.go)",
	"@lapse":       "what is lost when a time passes (\"lapses\", \"goes to\", \"verfällt\"), read with the time in its sentence",
	"@ruin":        "a ruin pictured for the listener (\"wipe out\", \"perderlo todo\", \"vor dem Nichts\"), read with a \"could\" in its sentence",
	"@assert":      "words an attribute-value assertion needs: a limit, a fee, an event, a counted noun, a state",
	"@saidso":      "verbs of saying that relay someone else's word (judge17a.go)",
	"@harm":        "a harm to a person (hospital, accident, flood, nowhere to go, rent), read in a frame that pictures or pleads it (judge17a.go)",
	"@publicize":   "an audience for a public shaming (followers, social media, la prensa), read with the speaker and a verb of publishing (judge17a.go)",
	"@ruleword":    "a rule invoked (directive, regulation, normativa, Verordnung, règlement), read with a duty word in its sentence (judge17a.go)",
	"@recall":      "the listener asked to recall something (\"remember\", \"as you know\", \"Sie wissen ja\"), read with the speaker's own act after it (judge18r.go)",
	"@owed":        "a favour asked back or a reward claimed (\"one back\", \"earned\", \"einen Gefallen\", \"este favor\"), read with a favour the speaker did (judge18r.go)",
}

// params with their defaults; a pack may override them with "set".
var defaultParams = map[string]float64{
	"threshold":     0.5,  // lexical score at which a tactic is reported
	"context_boost": 0.25, // added to a weak cue when the case itself gives cause for concern
}

// parsePack reads the line format described in docs/rules.md.
func parsePack(data []byte, file string) (*pack, error) {
	p := &pack{params: map[string]float64{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	label := ""
	line := 0
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", file, line, fmt.Sprintf(format, a...))
	}
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		switch {
		case strings.HasPrefix(s, "["):
			if !strings.HasSuffix(s, "]") {
				return nil, fail("section header %q lacks a closing ]", s)
			}
			label = strings.TrimSpace(s[1 : len(s)-1])
			if !validLabel(label) {
				return nil, fail("unknown section [%s]: use a tactic (urgency, authority_claim, ...) or one of %s", label, strings.Join(sortedAux(), ", "))
			}
		case strings.HasPrefix(s, "version "):
			v := strings.TrimSpace(strings.TrimPrefix(s, "version "))
			if v == "" || strings.ContainsAny(v, " \t") {
				return nil, fail("version must be one word")
			}
			p.version = v
		case s == "replace":
			p.replace = true
		case strings.HasPrefix(s, "set "):
			f := strings.Fields(s)
			if len(f) != 3 {
				return nil, fail("want \"set NAME VALUE\"")
			}
			if _, ok := defaultParams[f[1]]; !ok {
				return nil, fail("unknown setting %q", f[1])
			}
			v, err := strconv.ParseFloat(f[2], 64)
			if err != nil || v < 0 || v > 1 {
				return nil, fail("setting %s wants a number between 0 and 1", f[1])
			}
			p.params[f[1]] = v
		default:
			if label == "" {
				return nil, fail("phrase outside a [section]")
			}
			f := strings.SplitN(s, " ", 2)
			w, err := strconv.ParseFloat(f[0], 64)
			if err != nil || len(f) < 2 {
				return nil, fail("want \"WEIGHT phrase | phrase ...\", got %q", s)
			}
			if w <= 0 || w > 1 {
				return nil, fail("weight %v is outside (0, 1]", w)
			}
			for _, ph := range strings.Split(f[1], "|") {
				ph = strings.TrimSpace(ph)
				if ph == "" {
					return nil, fail("empty phrase")
				}
				if _, err := compilePhrase(ph, map[string]int32{}, new([]string)); err != nil {
					return nil, fail("%v", err)
				}
				p.entries = append(p.entries, entry{label: label, weight: w, phrase: ph, line: line, file: file})
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", file, line+1, err)
	}
	return p, nil
}

func validLabel(l string) bool {
	if _, ok := auxLabels[l]; ok {
		return true
	}
	t := consult.Tactic(l)
	return t.Valid() && t != consult.NoTactic && t != consult.OtherTactic
}

func sortedAux() []string {
	var out []string
	for k := range auxLabels {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compile builds the lexicon of a pack.
func (p *pack) compile() (*lexicon, error) {
	lx := &lexicon{negators: map[string]bool{}}
	litIDs := map[string]int32{}
	for _, e := range p.entries {
		if e.label == "@negation" {
			for _, w := range strings.Fields(foldedText(e.phrase)) {
				lx.negators[w] = true
			}
			continue
		}
		parts, err := compilePhrase(e.phrase, litIDs, &lx.lits)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", e.file, e.line, err)
		}
		l, ok := labelOf(e.label)
		if !ok {
			return nil, fmt.Errorf("%s:%d: unknown label %s", e.file, e.line, e.label)
		}
		lx.phrases = append(lx.phrases, phrase{label: l, weight: e.weight, parts: parts, src: e.phrase, line: e.line})
	}
	if len(lx.lits) == 0 {
		return nil, errors.New("the rule pack has no phrases")
	}
	lx.buildScanner()
	// The phrases' parts move into one array and the phrases by first
	// literal into two flat tables: the lexicon lives as long as the
	// engine, and a small object per phrase and per literal is work for
	// every GC cycle.
	n := 0
	for _, ph := range lx.phrases {
		n += len(ph.parts)
	}
	// The literals, a string each, move into one string as well.
	m := 0
	for _, l := range lx.lits {
		m += len(l)
	}
	var b strings.Builder
	b.Grow(m)
	for _, l := range lx.lits {
		b.WriteString(l)
	}
	joined, at := b.String(), 0
	for id, l := range lx.lits {
		lx.lits[id] = joined[at : at+len(l)]
		at += len(l)
	}
	all := make([]part, 0, n)
	lx.heads = make([]litHead, len(lx.lits)+1)
	for i := range lx.phrases {
		ph := &lx.phrases[i]
		k := len(all)
		all = append(all, ph.parts...)
		ph.parts = all[k:len(all):len(all)]
		lx.heads[ph.parts[0].lit+1].at++
	}
	fill := make([]int32, len(lx.lits))
	for id, l := range lx.lits {
		lx.heads[id].len = int32(len(l))
		lx.heads[id+1].at += lx.heads[id].at
		fill[id] = lx.heads[id].at
	}
	lx.firsts = make([]firstPhrase, len(lx.phrases))
	for i, ph := range lx.phrases {
		f := ph.parts[0].lit
		second := int32(-1)
		if len(ph.parts) > 1 {
			second = ph.parts[1].lit
		}
		lx.firsts[fill[f]] = firstPhrase{int32(i), second}
		fill[f]++
	}
	return lx, nil
}

// Load returns an engine for the operator rule pack in the file at path, as
// given to "shield serve --rules FILE". The file extends the default pack
// (its phrases are added, its settings override) unless it contains the line
// "replace", in which case it stands alone. Errors name the file and line.
func Load(path string) (*Engine, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fallback: read rule pack: %w", err)
	}
	return loadBytes(data, path)
}

func loadBytes(data []byte, name string) (*Engine, error) {
	op, err := parsePack(data, name)
	if err != nil {
		return nil, fmt.Errorf("fallback: %w", err)
	}
	sum := sha256.Sum256(data)
	short := hex.EncodeToString(sum[:])[:8]
	var merged *pack
	if op.replace {
		merged = op
		v := op.version
		if v == "" {
			v = "rules-custom"
		}
		merged.version = v + "+" + short
	} else {
		base, err := parsePack(defaultPack, "default.rules")
		if err != nil {
			return nil, fmt.Errorf("fallback: default pack: %w", err)
		}
		merged = base
		merged.entries = append(merged.entries, op.entries...)
		for k, v := range op.params {
			merged.params[k] = v
		}
		merged.version = base.version + "+" + short
	}
	e, err := newEngine(merged)
	if err != nil {
		return nil, fmt.Errorf("fallback: %w", err)
	}
	return e, nil
}
