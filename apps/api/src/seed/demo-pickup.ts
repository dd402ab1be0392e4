import { pickupArticleHtml, SEED_ARTICLE_CATEGORIES } from './data/articles';
import { SYDNEY_PICKUP } from './data/pickup';
import type { SeedStep } from './seed';

/**
 * What demo seeds before pickup desks wrote about pickup and the Sydney warehouse: a placeholder street, and a
 * pickup article that sent the shopper to the footer for the address.
 */
const BEFORE_DESKS = {
  siteAddress: 'Unit 5, 12 Example Street, Homebush NSW 2140, Australia',
  pickupHtml: `<h2>自提地点</h2><p>澳大利亚仓的商品可以选择“自提”，地址为悉尼仓库前台（地址见页面底部）。</p><h2>自提流程</h2><ol><li>结算时选择“自提”，无需支付运费。</li><li>收到“待自提”通知后，凭订单号和身份证件在营业时间内取货。</li><li>订单保留 7 天，超时未取将联系您改为快递发货。</li></ol>`,
  contactHtml: `<ul><li>客服热线：+61 2 8000 1234（澳洲）／400-800-1234（中国）</li><li>客服邮箱：service@auzh-wholesale.example</li><li>工作时间：周一至周六 9:00-18:00（悉尼时间）</li><li>悉尼仓地址：Unit 5, 12 Example Street, Homebush NSW 2140</li></ul><p>批发合作与大客户咨询请发邮件至 trade@auzh-wholesale.example，注明公司名称与联系方式。</p>`,
} as const;

const seededArticle = (key: string) =>
  SEED_ARTICLE_CATEGORIES.flatMap((c) => c.articles).find((a) => a.key === key);

/**
 * A demo shop seeded before pickup desks (its seed steps recorded, so the next start runs this one) gets its demo
 * content in line with the desks that migration 0008 opened: the pickup article written from the desks, and the
 * contact article and footer naming the Sydney desk's address. Only text the earlier seed wrote, unchanged, is
 * replaced; a fresh shop's content already says so, and an operator's edits are kept.
 */
export const demoPickupSeed: SeedStep = {
  name: 'demo-pickup',
  async run(services) {
    const admin = services.contentAdmin;
    const pickup = seededArticle('pickup');
    const contact = seededArticle('contact');
    let changed = 0;
    if (pickup) {
      const html = pickupArticleHtml(await services.warehouses.pickupPoints());
      changed += await admin.refreshSeededArticle(pickup.title, BEFORE_DESKS.pickupHtml, {
        html,
        summary: pickup.summary,
      });
    }
    if (contact) {
      changed += await admin.refreshSeededArticle(contact.title, BEFORE_DESKS.contactHtml, {
        html: contact.html,
        summary: contact.summary,
      });
    }
    const footer = await admin.refreshSeededSiteAddress(
      BEFORE_DESKS.siteAddress,
      `${SYDNEY_PICKUP.address}, Australia`,
    );
    return `${changed} articles and ${footer ? 'the footer' : 'no footer'} brought in line with the pickup desks`;
  },
};
