// A small YAML reader for the add-on's own files (config.yaml, translations/en.yaml,
// repository.yaml): block maps and lists by indentation, plain/quoted scalars, `[]`/`{}`, folded
// `>-` and literal `|` blocks, whole-line comments. Not a general YAML parser; it throws on what
// it does not understand rather than guess.

interface Line {
  indent: number;
  text: string;
  no: number;
}

export function parseYaml(source: string): unknown {
  const lines: Line[] = [];
  source.split('\n').forEach((raw, i) => {
    if (/^\s*(#.*)?$/.test(raw)) return lines.push({ indent: -1, text: '', no: i + 1 });
    if (raw.includes('\t')) throw new Error(`line ${i + 1}: tabs are not allowed`);
    lines.push({ indent: raw.length - raw.trimStart().length, text: raw.trim(), no: i + 1 });
  });
  let pos = 0;
  const skipBlank = () => {
    while (pos < lines.length && lines[pos]!.indent < 0) pos++;
  };

  function scalar(text: string, no: number): unknown {
    if (text === '[]') return [];
    if (text === '{}') return {};
    if (/^".*"$/.test(text)) return JSON.parse(text);
    if (/^'.*'$/.test(text)) return text.slice(1, -1).replace(/''/g, "'");
    if (/^["'[{]/.test(text)) throw new Error(`line ${no}: unsupported value ${text}`);
    if (/ #/.test(text)) text = text.slice(0, text.indexOf(' #')).trim();
    if (text === 'true' || text === 'false') return text === 'true';
    if (text === 'null' || text === '~') return null;
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    return text;
  }

  function block(indent: number, style: string): string {
    const parts: string[] = [];
    while (pos < lines.length && (lines[pos]!.indent < 0 || lines[pos]!.indent > indent)) {
      parts.push(lines[pos]!.text);
      pos++;
    }
    return style.startsWith('>') ? parts.filter(Boolean).join(' ') : parts.join('\n');
  }

  function value(rest: string, indent: number, no: number): unknown {
    if (rest === '') {
      skipBlank();
      const next = lines[pos];
      if (!next || next.indent < indent || (next.indent === indent && !next.text.startsWith('- '))) return null;
      return node(next.indent);
    }
    if (/^[>|][-+]?$/.test(rest)) return block(indent, rest);
    return scalar(rest, no);
  }

  function node(indent: number): unknown {
    skipBlank();
    const first = lines[pos]!;
    if (first.text.startsWith('- ') || first.text === '-') {
      const list: unknown[] = [];
      while (pos < lines.length) {
        skipBlank();
        const line = lines[pos];
        if (!line || line.indent !== indent || !(line.text.startsWith('- ') || line.text === '-')) break;
        const rest = line.text.slice(1).trim();
        if (/^[^"'\s][^:]*:(\s|$)/.test(rest)) {
          // "- key: value" starts a map whose keys sit at indent + 2.
          lines[pos] = { indent: indent + 2, text: rest, no: line.no };
          list.push(node(indent + 2));
        } else {
          pos++;
          list.push(value(rest, indent, line.no));
        }
      }
      return list;
    }
    const map: Record<string, unknown> = {};
    while (pos < lines.length) {
      skipBlank();
      const line = lines[pos];
      if (!line || line.indent < indent) break;
      if (line.indent > indent) throw new Error(`line ${line.no}: unexpected indentation`);
      const m = /^("[^"]+"|[^:]+):(?:\s+(.*))?$/.exec(line.text);
      if (!m) throw new Error(`line ${line.no}: expected "key: value"`);
      const key = m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : m[1]!.trim();
      if (key in map) throw new Error(`line ${line.no}: duplicate key ${key}`);
      pos++;
      map[key] = value((m[2] ?? '').trim(), indent, line.no);
    }
    return map;
  }

  skipBlank();
  if (pos >= lines.length) return null;
  const root = node(lines[pos]!.indent);
  skipBlank();
  if (pos < lines.length) throw new Error(`line ${lines[pos]!.no}: unexpected content`);
  return root;
}
