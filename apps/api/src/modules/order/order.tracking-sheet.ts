import {
  ResultCode,
  TRACKING_SHEET_COLUMNS,
  TRACKING_SHEET_MAX_BYTES,
  TRACKING_SHEET_MAX_ROWS,
} from '@shop/domain';
import { AppError } from '../../lib/app-error';
import { csvEncodingOf, SheetLimitError } from '../../lib/sheet-stream';
import { ImportRejectedError, readSheet, type SheetTable } from '../../lib/spreadsheet';

/**
 * The warehouse's tracking sheet (the console's 上传运单表): one row per parcel with the order number, the courier
 * (its name or code), the tracking number and, for an order with several packs, the pack's number. Here the sheet is
 * read as written; whether each row can ship is order.bulk.ts's business.
 */

export const TrackingSheetMessages = {
  notMultipart: '请以 multipart/form-data 上传，运单表放在 file 字段',
  noFile: '请选择运单表（.xlsx 或 .csv 文件）',
  tooLarge: `运单表不能超过 ${TRACKING_SHEET_MAX_BYTES / 1024 / 1024} MB`,
  wrongType: '仅支持 .xlsx 或 .csv 文件',
  oldExcel: '不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 或 CSV 后上传',
  unreadable:
    '无法读取该文件，请上传 .xlsx 工作簿或 .csv 文件（UTF-8，或 Excel 中文版保存的“CSV（逗号分隔）”）',
  tooManyRows: `一张运单表最多 ${TRACKING_SHEET_MAX_ROWS} 行，请拆分后分批上传`,
  tooBig: '表格内容过多，请只保留订单号、快递公司、运单号和包裹四列，或另存为 CSV 后上传',
  missingColumns: (names: readonly string[]) =>
    `表格缺少列：${names.join('、')}。第 1 行应为列名：订单号、快递公司、运单号，多包裹的订单另加「包裹」列`,
  empty: '表格没有数据：第 1 行为列名，从第 2 行起每行一个包裹',
  noOrderNo: '请填写订单号',
  longOrderNo: '订单号最多32个字符',
  noCourier: '请填写快递公司（名称或编码）',
  noLogisticCode: '请填写运单号',
  badLogisticCode: '运单号只能包含字母、数字和 -，4-60 个字符',
  badPack: (text: string) => `包裹「${text}」应为包裹序号，如 1、2`,
} as const;

/** The headers each column may have (the shop's own words first). */
const HEADERS: Record<keyof typeof TRACKING_SHEET_COLUMNS, readonly string[]> = {
  orderNo: [TRACKING_SHEET_COLUMNS.orderNo, '订单编号'],
  courier: [TRACKING_SHEET_COLUMNS.courier, '快递', '承运快递', '物流公司'],
  logisticCode: [TRACKING_SHEET_COLUMNS.logisticCode, '物流单号', '快递单号'],
  pack: [TRACKING_SHEET_COLUMNS.pack, '包裹序号', '包裹号'],
};

const LOGISTIC_CODE = /^[A-Za-z0-9-]{4,60}$/;
const PACK = /^(?:包裹\s*)?(\d{1,2})$/;

/** A row as written: the pack's index (0 for 包裹 1) when the 包裹 cell says one; `error` when the row is unusable. */
export interface TrackingLine {
  row: number;
  orderNo: string;
  pack: number | undefined;
  courier: string;
  logisticCode: string;
  error: string | null;
}

/** The rows of a tracking sheet, or why the sheet as a whole cannot be read. */
export function readTrackingSheet(
  table: SheetTable,
): { ok: true; lines: TrackingLine[] } | { ok: false; error: string } {
  const header = table.header.map((h) => h.replace(/\s+/g, ''));
  const at = (key: keyof typeof HEADERS) => header.findIndex((h) => HEADERS[key].includes(h));
  const columns = {
    orderNo: at('orderNo'),
    courier: at('courier'),
    logisticCode: at('logisticCode'),
    pack: at('pack'),
  };
  const missing = (['orderNo', 'courier', 'logisticCode'] as const)
    .filter((key) => columns[key] < 0)
    .map((key) => TRACKING_SHEET_COLUMNS[key]);
  if (missing.length > 0) return { ok: false, error: TrackingSheetMessages.missingColumns(missing) };
  if (table.rows.length === 0) return { ok: false, error: TrackingSheetMessages.empty };

  const lines = table.rows.map(({ row, cells }): TrackingLine => {
    const cell = (i: number) => (i < 0 ? '' : (cells[i] ?? '').trim());
    const orderNo = cell(columns.orderNo);
    const courier = cell(columns.courier);
    const logisticCode = cell(columns.logisticCode).replace(/\s+/g, '');
    const packText = cell(columns.pack);
    const packMatch = PACK.exec(packText.replace(/\s+/g, ' '));
    const packNo = packMatch ? Number(packMatch[1]) : undefined;
    const line = { row, orderNo, courier, logisticCode, pack: packNo === undefined ? undefined : packNo - 1 };
    const error =
      orderNo === ''
        ? TrackingSheetMessages.noOrderNo
        : orderNo.length > 32
          ? TrackingSheetMessages.longOrderNo
          : courier === ''
            ? TrackingSheetMessages.noCourier
            : logisticCode === ''
              ? TrackingSheetMessages.noLogisticCode
              : !LOGISTIC_CODE.test(logisticCode)
                ? TrackingSheetMessages.badLogisticCode
                : packText !== '' && (packNo === undefined || packNo < 1)
                  ? TrackingSheetMessages.badPack(packText)
                  : null;
    return { ...line, error };
  });
  return { ok: true, lines };
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((b, i) => bytes[i] === b);

/** A tracking sheet's xlsx may unzip to this much: a sheet of 500 rows is far below it. */
const XLSX_MAX_UNZIPPED_BYTES = 16 * 1024 * 1024;
/** Longest a tracking sheet may take to read. */
const READ_DEADLINE_MS = 10_000;

/**
 * A tracking sheet's bytes as a table: the first worksheet of an .xlsx, or a .csv in UTF-8 or GB18030 (what Excel
 * saves as 'CSV (逗号分隔)' on a Chinese Windows), told apart by the bytes and checked against the name; read a row
 * at a time and refused past TRACKING_SHEET_MAX_ROWS rows. Every refusal is an AppError in Chinese.
 */
export async function readTrackingFile(bytes: Uint8Array, fileName: string): Promise<SheetTable> {
  if (bytes.length > TRACKING_SHEET_MAX_BYTES)
    throw new AppError(ResultCode.PayloadTooLarge, TrackingSheetMessages.tooLarge);
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (ext === 'xls' || ext === 'et' || startsWith(bytes, OLE2))
    throw new AppError(ResultCode.UnsupportedMediaType, TrackingSheetMessages.oldExcel);
  const zip = startsWith(bytes, ZIP);
  if (ext !== (zip ? 'xlsx' : 'csv'))
    throw new AppError(ResultCode.UnsupportedMediaType, TrackingSheetMessages.wrongType);
  const limits = {
    maxRows: TRACKING_SHEET_MAX_ROWS,
    maxUnzippedBytes: XLSX_MAX_UNZIPPED_BYTES,
    deadlineMs: READ_DEADLINE_MS,
  };
  try {
    return zip
      ? await readSheet(bytes, 'xlsx', limits)
      : await readSheet(bytes, 'csv', limits, csvEncodingOf(bytes));
  } catch (error) {
    if (error instanceof ImportRejectedError)
      throw new AppError(ResultCode.ParamsError, TrackingSheetMessages.tooManyRows);
    if (error instanceof SheetLimitError) throw new AppError(error.code, TrackingSheetMessages.tooBig);
    if (error instanceof AppError) throw error;
    throw new AppError(ResultCode.BadRequest, TrackingSheetMessages.unreadable);
  }
}
