/**
 * The Content-Disposition of a download (RFC 6266): `filename` in ASCII, which every client reads,
 * and, for a name with other letters (a Spanish "a\u00f1o"), `filename*` with the name itself in
 * UTF-8 (RFC 8187), which browsers prefer.
 */
export function attachment(fileName: string): string {
  const ascii = asciiFileName(fileName);
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(fileName)}`;
}

function asciiFileName(name: string): string {
  return (
    name
      // "ni", the usual ASCII spelling of the letter (a\u00f1o: anio): without its tilde it would
      // spell another word.
      .replace(/\u00f1/g, 'ni')
      .replace(/\u00d1/g, 'Ni')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\]/g, '_')
  );
}

/** RFC 8187's percent-encoding: every byte but its attr-chars (encodeURIComponent leaves ' ( ) * too). */
function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
