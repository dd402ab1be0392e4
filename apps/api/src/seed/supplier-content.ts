import { TemplateName } from '@shop/domain';
import { SUPPLIER_CONTENT_EN, SUPPLIER_CONTENT_ZH } from './data/supplier';
import type { ShopContentStep } from './seed';

/**
 * The supplier area's content in both languages (templates `supplier` and `supplierEn`): the page is part of every
 * shop, demo data or not, so it runs at each start (seed.ts shopContentSteps) and writes only a template that is
 * missing; the operator's own, once put, is kept.
 */
export const supplierContentSeed: ShopContentStep = {
  name: 'supplier-content',
  async run(services) {
    const written = [
      await services.contentAdmin.putTemplate(TemplateName.supplier, SUPPLIER_CONTENT_ZH),
      await services.contentAdmin.putTemplate(TemplateName.supplierEn, SUPPLIER_CONTENT_EN),
    ].filter(Boolean).length;
    return written === 0 ? '' : `${written} supplier templates written`;
  },
};
