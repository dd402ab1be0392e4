import { packLabel } from '@shop/domain';
import { type PdfDoc, renderPdf } from '../../lib/pdf-document';

/**
 * The warehouse's printed lists of the packs waiting to ship (order.bulk.ts), in the shop's font
 * (lib/pdf-document.ts) so Chinese names and addresses print: a packing list, one page a pack, put in the box; and a
 * picking list, the SKUs to take off the shelves for all of them, summed per warehouse.
 */

export interface PrintedLine {
  skuCode: string;
  name: string;
  spec: string;
  qty: number;
  /** Pre-ordered pieces of the line still waiting for stock (issue #39): printed beside the quantity. */
  waiting: number;
  isGift: boolean;
}

export interface PackingPage {
  orderNo: string;
  packIndex: number;
  /** Packs of the order in all, so a page reads 包裹 1/2. */
  packCount: number;
  warehouseName: string;
  receiverName: string;
  receiverPhone: string;
  address: string;
  memberRemark: string;
  lines: PrintedLine[];
}

export interface PickingSection {
  warehouseName: string;
  packs: number;
  /** Sorted by SKU code. */
  lines: { skuCode: string; name: string; spec: string; qty: number; packs: number }[];
}

interface Column {
  title: string;
  x: number;
  width: number;
  align?: 'left' | 'right';
}

const LEFT = 50;
const RIGHT = 545;
const INK = '#111';
const GREY = '#555';

function rule(doc: PdfDoc, weight = 0.5) {
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).strokeColor('#999').lineWidth(weight).stroke();
  doc.y += 5;
}

function heading(doc: PdfDoc, shopName: string, title: string, printedAt: string) {
  doc
    .fontSize(10)
    .fillColor(GREY)
    .text(shopName, LEFT, 40, { width: RIGHT - LEFT });
  doc.fontSize(9).text(`打印时间：${printedAt}`, LEFT, 41, { width: RIGHT - LEFT, align: 'right' });
  doc
    .fontSize(20)
    .fillColor(INK)
    .text(title, LEFT, 56, { width: RIGHT - LEFT });
  doc.x = LEFT;
  doc.y = 90;
  rule(doc, 1);
}

/** One table row; a row that would run off the page starts a new one, where `onNewPage` draws the head again. */
function tableRow(
  doc: PdfDoc,
  columns: readonly Column[],
  cells: readonly string[],
  onNewPage: () => void,
  style: { size?: number; color?: string } = {},
) {
  doc.fontSize(style.size ?? 10).fillColor(style.color ?? INK);
  const height = Math.max(
    doc.currentLineHeight(),
    ...columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width })),
  );
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    onNewPage();
    doc.fontSize(style.size ?? 10).fillColor(style.color ?? INK);
  }
  const top = doc.y;
  columns.forEach((c, i) => {
    doc.text(cells[i] ?? '', c.x, top, { width: c.width, align: c.align ?? 'left' });
  });
  doc.x = LEFT;
  doc.y = top + height + 4;
}

function tableHead(doc: PdfDoc, columns: readonly Column[]) {
  tableRow(
    doc,
    columns,
    columns.map((c) => c.title),
    () => {},
    { size: 9, color: GREY },
  );
  rule(doc);
}

const PACKING_COLUMNS: readonly Column[] = [
  { title: 'SKU 编码', x: LEFT, width: 100 },
  { title: '商品名称', x: 155, width: 160 },
  { title: '规格', x: 320, width: 95 },
  { title: '数量', x: 420, width: 58, align: 'right' },
  { title: '仓库', x: 485, width: 60 },
];

function quantity(line: PrintedLine): string {
  return line.waiting > 0 ? `${line.qty}\n(${line.waiting} 件未到)` : String(line.qty);
}

function packingPage(doc: PdfDoc, shopName: string, printedAt: string, page: PackingPage) {
  const title = `装箱单 · ${page.orderNo} ${packLabel(page.packIndex)}/${page.packCount}`;
  const head = (continued: boolean) => {
    heading(doc, shopName, continued ? `${title}（续）` : title, printedAt);
    if (continued) tableHead(doc, PACKING_COLUMNS);
  };
  head(false);
  doc.fontSize(11).fillColor(INK);
  doc.text(
    `订单号：${page.orderNo}      ${packLabel(page.packIndex)}（共 ${page.packCount} 个包裹）      发货仓库：${page.warehouseName}`,
  );
  doc.moveDown(0.4);
  doc.text(`收货人：${page.receiverName || '—'}      电话：${page.receiverPhone || '—'}`);
  doc.text(`地址：${page.address || '—'}`, { width: RIGHT - LEFT });
  if (page.memberRemark) doc.text(`会员备注：${page.memberRemark}`, { width: RIGHT - LEFT });
  doc.moveDown(0.6);
  rule(doc);
  tableHead(doc, PACKING_COLUMNS);
  for (const line of page.lines)
    tableRow(
      doc,
      PACKING_COLUMNS,
      [
        line.skuCode || '—',
        line.isGift ? `【赠品】${line.name}` : line.name,
        line.spec,
        quantity(line),
        page.warehouseName,
      ],
      () => head(true),
    );
  rule(doc);
  const pieces = page.lines.reduce((sum, l) => sum + l.qty, 0);
  doc.fontSize(10).fillColor(INK).text(`共 ${page.lines.length} 种商品，${pieces} 件`, LEFT, doc.y);
  doc.moveDown(1.5);
  doc.text('拣货：____________        复核：____________        封箱：____________');
}

/** Packing lists: one page a pack (a long pack runs on to more), with the order, receiver and lines. */
export function packingListPdf(
  input: { shopName: string; printedAt: string; at: Date; pages: readonly PackingPage[] },
  fontPath?: string,
): Promise<Buffer> {
  return renderPdf(`装箱单 ${input.printedAt}`, input.at, fontPath, (doc) => {
    input.pages.forEach((page, i) => {
      if (i > 0) doc.addPage();
      packingPage(doc, input.shopName, input.printedAt, page);
    });
  });
}

const PICKING_COLUMNS: readonly Column[] = [
  { title: 'SKU 编码', x: LEFT, width: 110 },
  { title: '商品名称', x: 165, width: 200 },
  { title: '规格', x: 370, width: 95 },
  { title: '数量', x: 470, width: 35, align: 'right' },
  { title: '包裹数', x: 510, width: 35, align: 'right' },
];

/**
 * A picking list: per warehouse, each SKU to pick once with the pieces summed over the packs (sorted by SKU code),
 * then the packs it covers.
 */
export function pickingListPdf(
  input: {
    shopName: string;
    printedAt: string;
    at: Date;
    sections: readonly PickingSection[];
    packs: readonly { orderNo: string; packIndex: number }[];
  },
  fontPath?: string,
): Promise<Buffer> {
  return renderPdf(`拣货单 ${input.printedAt}`, input.at, fontPath, (doc) => {
    const orders = new Set(input.packs.map((p) => p.orderNo)).size;
    heading(doc, input.shopName, '拣货单', input.printedAt);
    doc
      .fontSize(11)
      .fillColor(INK)
      .text(`共 ${orders} 个订单、${input.packs.length} 个包裹；数量为各包裹合计，按 SKU 编码排序。`);
    doc.moveDown(0.6);
    for (const section of input.sections) {
      const pieces = section.lines.reduce((sum, l) => sum + l.qty, 0);
      const title = `${section.warehouseName}：${section.packs} 个包裹，${section.lines.length} 种商品，${pieces} 件`;
      const head = (continued: boolean) => {
        if (continued) heading(doc, input.shopName, '拣货单（续）', input.printedAt);
        doc
          .fontSize(13)
          .fillColor(INK)
          .text(continued ? `${title}（续）` : title, LEFT, doc.y);
        doc.moveDown(0.3);
        tableHead(doc, PICKING_COLUMNS);
      };
      if (doc.y > doc.page.height - doc.page.margins.bottom - 80) {
        doc.addPage();
        heading(doc, input.shopName, '拣货单（续）', input.printedAt);
      }
      head(false);
      for (const line of section.lines)
        tableRow(
          doc,
          PICKING_COLUMNS,
          [line.skuCode || '—', line.name, line.spec, String(line.qty), String(line.packs)],
          () => head(true),
        );
      doc.moveDown(0.8);
    }
    rule(doc);
    doc.fontSize(9).fillColor(GREY);
    doc.text(
      `包含的包裹：${input.packs.map((p) => `${p.orderNo} ${packLabel(p.packIndex)}`).join('、')}`,
      LEFT,
      doc.y,
      { width: RIGHT - LEFT },
    );
  });
}
