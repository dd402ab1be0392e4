import { CataloguePaths, type Currency, exportFileName, type GoodsListRequest } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { requestBlob } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/** The filters an export takes: those of the list on screen (goodsFilterFields of the contract). */
export type ExportFilters = Pick<GoodsListRequest, 'location' | 'cateId' | 'brandId' | 'keyword'>;

function exportBody(currency: Currency, filters: ExportFilters) {
  const body: ExportFilters & { currency: Currency } = { currency };
  if (filters.location) body.location = filters.location;
  if (filters.cateId) body.cateId = filters.cateId;
  if (filters.brandId) body.brandId = filters.brandId;
  if (filters.keyword?.trim()) body.keyword = filters.keyword.trim();
  return body;
}

/**
 * Downloads the member's price list in one currency as xlsx and saves it under the server's file name, else
 * 'GoodsPrice_<currency>_yyyyMMdd_HHmm.xlsx' (spec §7 exportGoodsPrice/). Needs the member's token.
 */
export async function exportGoodsPrice(
  currency: Currency,
  filters: ExportFilters,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const { blob, fileName } = await requestBlob(
    CataloguePaths.exportGoodsPrice,
    exportBody(currency, filters),
    {
      onProgress,
    },
  );
  const name = fileName ?? exportFileName('GoodsPrice', new Date(), currency);
  saveFile(blob, name);
  return name;
}

/** The export with its progress (0-1, or null while the size is unknown). */
export function useExportGoodsPrice() {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ currency, filters }: { currency: Currency; filters: ExportFilters }) => {
      setProgress(null);
      return exportGoodsPrice(currency, filters, setProgress);
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
