import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The shop's PDFs (tax invoices, adjustment notes, statements; ADR 039). One font with Latin and Chinese glyphs is
 * embedded as a subset of the characters used, so a Chinese name renders and a one-page document stays small.
 */

/** The bundled font (npm @expo-google-fonts/noto-sans-sc, SIL OFL): used unless INVOICE_FONT_PATH is set. */
const BUNDLED_FONT = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

const fonts = new Map<string, Buffer>();

/** The font's bytes, read once per process (pdfkit subsets it per document). */
export function pdfFont(path?: string): Buffer {
  const file = path ?? createRequire(import.meta.url).resolve(BUNDLED_FONT);
  let bytes = fonts.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    fonts.set(file, bytes);
  }
  return bytes;
}

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** An A4 document drawn by `draw`, in the shop's font, as bytes. */
export function renderPdf(
  title: string,
  at: Date,
  fontPath: string | undefined,
  draw: (doc: PdfDoc) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: true,
    info: { Title: title, Creator: 'shop', CreationDate: at },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(pdfFont(fontPath));
  draw(doc);
  doc.end();
  return done;
}
