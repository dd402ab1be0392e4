import { TemplateName } from '@shop/domain';
import { SUPPLIER_CONTENT_EN, SUPPLIER_CONTENT_ZH } from './data/supplier';
import type { SeedStep } from './seed';

/**
 * The supplier area's content in both languages (templates `supplier` and `supplierEn`). A fresh shop gets it
 * with the rest of the demo data; a shop seeded before the supplier area gets it at its next start (a step it
 * has not run). A template already there, the operator's, is kept.
 */
export const supplierContentSeed: SeedStep = {
  name: 'supplier-content',
  async run(services) {
    const written = [
      await services.contentAdmin.putTemplate(TemplateName.supplier, SUPPLIER_CONTENT_ZH),
      await services.contentAdmin.putTemplate(TemplateName.supplierEn, SUPPLIER_CONTENT_EN),
    ].filter(Boolean).length;
    return `${written} supplier templates written`;
  },
};
