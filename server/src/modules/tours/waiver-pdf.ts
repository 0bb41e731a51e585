import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { checkPng } from './signature-png.ts';

// A signed waiver as a PDF (issue #20): the terms text as signed, the participant, the signer, the signature
// image, when, from where, and the content's SHA-256 in every page's footer. Deterministic: the same waiver gives
// the same bytes (no "now" in the metadata, no random document id), so a copy can be compared with a later one.

export interface WaiverPdfLabels {
  title: string;
  terms: string;
  participant: string;
  birthDate: string;
  ageGroup: string;
  email: string;
  phone: string;
  emergency: string;
  answers: string;
  signer: string;
  signerValue: string;
  signedAt: string;
  ip: string;
  userAgent: string;
  signature: string;
  consent: string;
  order: string;
  sha256: string;
  /** "Verified" or "NOT verified", with the hash recomputed now. */
  verification: string;
  /** Printed in place of a signature image that cannot be read, with the image's own SHA-256. */
  signatureUnreadable: string;
  supersedes: string | null;
  page: (page: number, pages: number) => string;
}

export interface WaiverPdfInput {
  labels: WaiverPdfLabels;
  businessName: string;
  termsText: string;
  participantName: string;
  birthDate: string | null;
  ageGroup: string | null;
  email: string | null;
  phone: string | null;
  emergency: string | null;
  /** Question label and answer, as shown. */
  answers: Array<{ label: string; answer: string }>;
  consentText: string;
  signedAtText: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  signaturePng: Buffer;
  sha256Hex: string;
}

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = 50;
const FOOTER = 40;
const BODY_SIZE = 9.5;
const LEADING = 1.35;

/** Only characters the standard font can draw (WinAnsi); anything else prints as "?". */
function drawable(font: PDFFont) {
  const set = new Set(font.getCharacterSet());
  return (text: string) =>
    [...text.normalize('NFC')].map((c) => (c === '\t' ? ' ' : set.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** The most characters of one text the PDF prints (a terms body is far shorter; answers are capped lower). */
export const WRAP_INPUT_MAX = 200_000;

/**
 * Splits text into lines no wider than `width`, breaking words longer than a line. Linear: widths are summed
 * character by character (each character measured once per font and size), never re-measured per cut.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const widths = new Map<string, number>();
  const widthOf = (c: string) => {
    let w = widths.get(c);
    if (w === undefined) {
      w = font.widthOfTextAtSize(c, size);
      widths.set(c, w);
    }
    return w;
  };
  const space = widthOf(' ');
  const lines: string[] = [];
  for (const paragraph of text.slice(0, WRAP_INPUT_MAX).split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      let wordWidth = 0;
      for (const c of word) wordWidth += widthOf(c);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line || lineWidth) lines.push(line);
      line = '';
      lineWidth = 0;
      // A word wider than a line is cut where it reaches the edge.
      for (const c of word) {
        const w = widthOf(c);
        if (line && lineWidth + w > width) {
          lines.push(line);
          line = '';
          lineWidth = 0;
        }
        line += c;
        lineWidth += w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The signature as an image, or null when it cannot be read (checked again: the PDF never fails on it). */
async function embedSignature(pdf: PDFDocument, png: Buffer): Promise<PDFImage | null> {
  if (!checkPng(png)) return null;
  try {
    return await pdf.embedPng(png);
  } catch {
    return null;
  }
}

export async function renderWaiverPdf(input: WaiverPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const clean = drawable(regular);
  const { labels } = input;
  pdf.setTitle(clean(`${labels.title}: ${input.participantName}`));
  pdf.setSubject(input.sha256Hex);
  pdf.setProducer('Nine');
  pdf.setCreator('Nine');
  pdf.setCreationDate(input.signedAt);
  pdf.setModificationDate(input.signedAt);

  const width = PAGE.width - 2 * MARGIN;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const room = (needed: number) => {
    if (y - needed < MARGIN + FOOTER) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const write = (text: string, size = BODY_SIZE, font = regular, indent = 0) => {
    for (const line of wrap(clean(text), font, size, width - indent)) {
      room(size * LEADING);
      y -= size * LEADING;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: rgb(0, 0, 0) });
    }
  };
  const gap = (h: number) => {
    y -= h;
  };
  const field = (label: string, value: string | null) => {
    if (value === null || value === '') return;
    write(`${label}: ${value}`);
  };

  write(input.businessName, 10, bold);
  write(labels.title, 16, bold);
  write(`${labels.terms} - ${labels.order}`, 10);
  gap(8);
  write(input.termsText);
  gap(12);

  write(labels.participant, 11, bold);
  write(input.participantName);
  field(labels.birthDate, input.birthDate);
  field(labels.ageGroup, input.ageGroup);
  field(labels.email, input.email);
  field(labels.phone, input.phone);
  field(labels.emergency, input.emergency);
  if (input.answers.length) {
    gap(4);
    write(labels.answers, BODY_SIZE, bold);
    for (const a of input.answers) write(`${a.label}: ${a.answer}`, BODY_SIZE, regular, 10);
  }
  gap(10);
  write(labels.consent, 11, bold);
  write(input.consentText);
  gap(10);
  write(labels.signer, 11, bold);
  write(labels.signerValue);
  field(labels.signedAt, input.signedAtText);
  field(labels.ip, input.ip);
  field(labels.userAgent, input.userAgent);
  if (labels.supersedes) write(labels.supersedes);

  const image = await embedSignature(pdf, input.signaturePng);
  const scale = image ? Math.min(1, 220 / image.width, 90 / image.height) : 1;
  const h = image ? image.height * scale : BODY_SIZE * LEADING;
  room(h + 24);
  gap(8);
  write(labels.signature, BODY_SIZE, bold);
  if (image) {
    y -= h + 4;
    page.drawImage(image, { x: MARGIN, y, width: image.width * scale, height: h });
  } else write(labels.signatureUnreadable);
  page.drawLine({
    start: { x: MARGIN, y: y - 2 },
    end: { x: MARGIN + 240, y: y - 2 },
    thickness: 0.5,
    color: rgb(0.4, 0.4, 0.4),
  });
  gap(14);
  write(labels.verification, 8);

  // The footer on every page: the fingerprint and the page count.
  const pages = pdf.getPages();
  const footerSize = 7.5;
  pages.forEach((p, i) => {
    const hashLine = clean(labels.sha256);
    p.drawText(hashLine, {
      x: MARGIN,
      y: MARGIN / 2 + 10,
      size: footerSize,
      font: regular,
      color: rgb(0.25, 0.25, 0.25),
    });
    const pageText = clean(labels.page(i + 1, pages.length));
    p.drawText(pageText, {
      x: PAGE.width - MARGIN - regular.widthOfTextAtSize(pageText, footerSize),
      y: MARGIN / 2,
      size: footerSize,
      font: regular,
      color: rgb(0.25, 0.25, 0.25),
    });
  });
  return pdf.save({ useObjectStreams: false });
}
