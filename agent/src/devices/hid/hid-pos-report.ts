/**
 * Input reports of HID POS barcode scanners (usage page 0x8C, "HID POS" / "USB HID bar code" mode). A scan
 * arrives as one or more fixed-size reports, each carrying its own length, so a long code (GS1, a URL in a
 * QR) spans packets that must be put back together. The default layout is the one Honeywell and Zebra
 * scanners use in that mode, 64-byte reports:
 *
 *   [0] report id 0x02   [1] data length in this report (0..56)   [2..4] AIM symbology id, e.g. `]E0`
 *   [5..60] data         [63] bit 0 set: more reports follow
 *
 * Offsets count from the report id (node-hid includes it as the first byte on every platform).
 */
export interface HidPosReportLayout {
  /** Reports with another first byte are ignored (settings replies, other collections). */
  reportId: number;
  lengthOffset: number;
  dataOffset: number;
  symbologyOffset?: number | undefined;
  symbologyLength?: number | undefined;
  /** Byte whose bit 0 says another report continues this scan; absent or past the end means "last". */
  continuationOffset?: number | undefined;
}

export const honeywellHidPosLayout: HidPosReportLayout = {
  reportId: 0x02,
  lengthOffset: 1,
  dataOffset: 5,
  symbologyOffset: 2,
  symbologyLength: 3,
  continuationOffset: 63,
};

export interface HidPosScan {
  code: string;
  /** AIM symbology identifier (`]E0` EAN-13, `]C1` GS1-128, `]Q1` QR), when the scanner sends one. */
  symbology?: string;
}

/** Longest scan kept: the protocol's scan event takes 4096 characters. */
const MAX_SCAN_BYTES = 4096;
/** A continuation that does not come within this time is a lost packet: the partial scan is dropped. */
const DEFAULT_PART_TIMEOUT_MS = 500;

function decodeScan(bytes: Uint8Array): string {
  // Scanners send ASCII (GS1 keeps its GS separators); fall back to Latin-1 for the odd non-UTF-8 byte.
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = Buffer.from(bytes).toString('latin1');
  }
  // A configured CR/LF suffix ends keyboard-wedge scans; it is not part of the code.
  return text.replace(/[\r\n\0]+$/, '');
}

/**
 * Feeds reports in, gets complete scans out. Pure apart from its own buffer: no I/O, time comes in with each
 * report, so multi-packet reassembly is unit-tested without a scanner.
 */
export function createHidPosReassembler(
  layout: HidPosReportLayout = honeywellHidPosLayout,
  options: { partTimeoutMs?: number } = {},
) {
  const partTimeoutMs = options.partTimeoutMs ?? DEFAULT_PART_TIMEOUT_MS;
  let parts: Uint8Array[] = [];
  let size = 0;
  let symbology: string | undefined;
  let lastAt = 0;

  const reset = () => {
    parts = [];
    size = 0;
    symbology = undefined;
  };

  return {
    /** One input report; returns the scan when this report completes one. */
    push(report: Uint8Array, at: number = Date.now()): HidPosScan | undefined {
      if (report[0] !== layout.reportId || report.length <= layout.lengthOffset) return undefined;
      if (parts.length > 0 && at - lastAt > partTimeoutMs) reset();
      lastAt = at;
      const room = Math.max(0, report.length - layout.dataOffset);
      const length = Math.min(report[layout.lengthOffset] ?? 0, room);
      if (parts.length === 0 && layout.symbologyOffset !== undefined && (layout.symbologyLength ?? 0) > 0) {
        const id = report.subarray(
          layout.symbologyOffset,
          layout.symbologyOffset + (layout.symbologyLength ?? 0),
        );
        const text = Buffer.from(id).toString('latin1').replace(/\0+$/, '');
        if (/^\][\x21-\x7e]{2}$/.test(text)) symbology = text;
      }
      if (size + length <= MAX_SCAN_BYTES) {
        parts.push(report.slice(layout.dataOffset, layout.dataOffset + length));
        size += length;
      }
      const flag = layout.continuationOffset === undefined ? 0 : (report[layout.continuationOffset] ?? 0);
      if ((flag & 0x01) !== 0) return undefined;
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const part of parts) {
        bytes.set(part, offset);
        offset += part.length;
      }
      const found = symbology;
      reset();
      const code = decodeScan(bytes);
      if (code.length === 0) return undefined;
      return found === undefined ? { code } : { code, symbology: found };
    },
    /** Drops a partial scan (the scanner went away). */
    reset,
  };
}
