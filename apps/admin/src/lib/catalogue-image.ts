import { AdminTaxonomyPaths, type AdminUploadedImage } from '@shop/domain';
import { request } from './api-client';

/**
 * Uploads a logo, banner or category picture (checked and re-encoded by the server); resolves to its path. Brands
 * and categories both use it, so it lives here rather than in either feature.
 */
export function uploadCatalogueImage(file: File): Promise<AdminUploadedImage> {
  const form = new FormData();
  form.append('image', file);
  return request(AdminTaxonomyPaths.brandUpload, form);
}
