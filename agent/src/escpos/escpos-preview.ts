import { codePageByNumber, codePages, decodeText, type CodePage } from './code-pages.ts';

/** The characters of GS k 73 data: `{B`/`{C` select a code set (C holds two digits per byte), `{{` is `{`. */
function code128Text(data: Uint8Array): string {
  let text = '';
  let setC = false;
  for (let i = 0; i < data.length; i += 1) {
    const byte = data[i] ?? 0;
    if (byte === 0x7b && data[i + 1] !== 0x7b) {
      setC = data[i + 1] === 0x43;
      i += 1;
    } else if (byte === 0x7b) {
      text += '{';
      i += 1;
    } else text += setC ? String(byte).padStart(2, '0') : String.fromCharCode(byte);
  }
  return text;
}

/**
 * Reads ESC/POS bytes back into readable text: what the simulated printer writes as a preview, and what
 * tests compare against. Understands the commands the writer emits; any other command byte is shown as
 * `[ESC xx]`/`[GS xx]` so a surprise in the byte stream is visible rather than silently skipped.
 */
export function renderEscPosPreview(
  bytes: Uint8Array,
  columns: number,
  initialPage: CodePage = codePages.cp858,
): string {
  const lines: string[] = [];
  let page = initialPage;
  let alignment = 0;
  let current: number[] = [];
  let lineAlignment = 0;
  let i = 0;

  const arg = (offset: number): number => bytes[i + offset] ?? 0;
  const flushText = (): string => {
    const text = decodeText(Uint8Array.from(current), page);
    current = [];
    return text;
  };
  const endLine = () => {
    const text = flushText();
    const pad = Math.max(0, columns - text.length);
    const left = lineAlignment === 1 ? Math.floor(pad / 2) : lineAlignment === 2 ? pad : 0;
    lines.push((' '.repeat(left) + text).trimEnd());
    lineAlignment = alignment;
  };
  const marker = (text: string) => {
    if (current.length > 0) endLine();
    lines.push(text);
  };

  while (i < bytes.length) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x0a) {
      endLine();
      i += 1;
    } else if (byte === 0x1b) {
      const command = arg(1);
      if (command === 0x40) {
        page = initialPage;
        alignment = 0;
        i += 2;
      } else if (command === 0x74) {
        // The printer's own number for the initial page comes first: firmware numbering differs.
        page = arg(2) === initialPage.escPosNumber ? initialPage : (codePageByNumber(arg(2)) ?? page);
        i += 3;
      } else if (command === 0x61) {
        alignment = arg(2) % 3;
        if (current.length === 0) lineAlignment = alignment;
        i += 3;
      } else if (command === 0x45 || command === 0x4d) {
        i += 3;
      } else if (command === 0x64) {
        if (current.length > 0) endLine();
        for (let n = 0; n < arg(2); n += 1) lines.push('');
        i += 3;
      } else if (command === 0x70) {
        marker('[DRAWER KICK]');
        i += 5;
      } else {
        marker(`[ESC ${command.toString(16).padStart(2, '0')}]`);
        i += 2;
      }
    } else if (byte === 0x1d) {
      const command = arg(1);
      if (command === 0x21 || command === 0x48 || command === 0x66 || command === 0x68 || command === 0x77) {
        i += 3;
      } else if (command === 0x56) {
        const mode = arg(2);
        marker(mode === 1 || mode === 66 ? '[PARTIAL CUT]' : '[CUT]');
        i += mode >= 65 ? 4 : 3;
      } else if (command === 0x6b && arg(2) >= 65) {
        const length = arg(3);
        const data = bytes.subarray(i + 4, i + 4 + length);
        marker(`[CODE128 ${code128Text(data)}]`);
        i += 4 + length;
      } else if (command === 0x76 && arg(2) === 0x30) {
        const width = (arg(4) + arg(5) * 256) * 8;
        const height = arg(6) + arg(7) * 256;
        marker(`[RASTER ${width}x${height}]`);
        i += 8 + (width / 8) * height;
      } else if (command === 0x28 && arg(2) === 0x6b) {
        const length = arg(3) + arg(4) * 256;
        if (arg(5) === 0x31 && arg(6) === 0x50) {
          const data = bytes.subarray(i + 8, i + 5 + length);
          marker(`[QR ${new TextDecoder().decode(data)}]`);
        }
        i += 5 + length;
      } else {
        marker(`[GS ${command.toString(16).padStart(2, '0')}]`);
        i += 2;
      }
    } else if (byte === 0x1c) {
      i += 2; // FS . and friends: no visible effect
    } else {
      current.push(byte);
      i += 1;
    }
  }
  if (current.length > 0) endLine();
  return lines.join('\n') + '\n';
}
