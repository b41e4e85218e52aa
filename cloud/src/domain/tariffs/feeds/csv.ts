// A small RFC 4180 CSV reader (quoted fields, doubled quotes, CRLF); enough for ISO reports.

/** Rows of fields; blank lines are dropped and fields are not trimmed. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  row.push(field);
  if (row.length > 1 || row[0] !== '') rows.push(row);
  return rows;
}

/** Index of each wanted column in a header row (trimmed, exact names), or undefined if any is missing. */
export function columnIndexes<K extends string>(header: readonly string[], names: Record<K, string>): Record<K, number> | undefined {
  const trimmed = header.map((h) => h.trim());
  const out = {} as Record<K, number>;
  for (const key of Object.keys(names) as K[]) {
    const idx = trimmed.indexOf(names[key]);
    if (idx === -1) return undefined;
    out[key] = idx;
  }
  return out;
}
