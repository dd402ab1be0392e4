/**
 * The demo category tree, three levels deep (roots → groups → leaves; goods hang on leaves). Each group
 * carries the texts of its products' descriptions and the shape its generated pack shots draw.
 */
export type PackShape = 'tin' | 'bottle' | 'jar' | 'tube' | 'box' | 'boot' | 'shirt' | 'bag' | 'pouch';

export interface SeedCategoryGroup {
  name: string;
  shape: PackShape;
  /** Three selling points shown in each product's description. */
  highlights: readonly [string, string, string];
  usage: string;
  storage: string;
  leaves: readonly string[];
}

export interface SeedCategoryRoot {
  name: string;
  /** Background colour of the root's generated images. */
  color: string;
  groups: readonly SeedCategoryGroup[];
}

export const SEED_CATEGORIES: readonly SeedCategoryRoot[] = [
  {
    name: '母婴用品',
    color: '#fde2e4',
    groups: [
      {
        name: '奶粉',
        shape: 'tin',
        highlights: [
          '按月龄分段配方，营养更贴合宝宝成长',
          '原装进口，罐底可查批次与保质期',
          '整箱发货，罐体加护防撞',
        ],
        usage: '请按罐身说明使用附带量勺冲调，水温 40-50℃，现冲现喝，冲调后 1 小时内饮用完毕。',
        storage: '开罐后请盖紧放置于阴凉干燥处，并在 4 周内食用完毕，切勿冷藏。',
        leaves: ['1段', '2段', '3段', '4段'],
      },
      {
        name: '辅食营养',
        shape: 'pouch',
        highlights: ['有机原料，无添加糖和盐', '适合 6 个月以上宝宝', '独立小包装，外出携带方便'],
        usage: '6 个月以上宝宝在家长看护下食用，初次添加请少量尝试并观察 3 天。',
        storage: '开封后请密封保存，尽快食用。',
        leaves: ['米粉', '婴儿零食'],
      },
      {
        name: '婴儿洗护',
        shape: 'bottle',
        highlights: ['配方温和，适合婴幼儿娇嫩肌肤', '不含皂基与人工香精', '澳洲、日本药房热销款'],
        usage: '取适量于掌心轻柔涂抹，洗浴类产品用清水冲净；纸尿裤请按体重选择尺码。',
        storage: '请置于儿童接触不到的阴凉处，避免阳光直射。',
        leaves: ['婴儿洗浴', '护臀膏', '纸尿裤'],
      },
    ],
  },
  {
    name: '保健品',
    color: '#dff3e3',
    groups: [
      {
        name: '维生素',
        shape: 'bottle',
        highlights: ['澳洲 TGA 或原产国监管认证', '每日一片，补充日常饮食所缺', '瓶身附防伪标签，可扫码验真'],
        usage: '成人每日 1 次，每次 1 片，随餐服用；孕妇、儿童及服药人群请先咨询医生或药剂师。',
        storage: '请置于 30℃ 以下阴凉干燥处，开瓶后盖紧。',
        leaves: ['复合维生素', '维生素C', '维生素D'],
      },
      {
        name: '鱼油',
        shape: 'bottle',
        highlights: ['深海鱼类萃取，富含 Omega-3', '分子蒸馏工艺，降低鱼腥味', '软胶囊小巧易吞咽'],
        usage: '成人每日 1-3 粒，随餐服用；正在服用抗凝药物者请先咨询医生。',
        storage: '请置于 25℃ 以下避光保存，开瓶后 3 个月内服用完毕。',
        leaves: ['深海鱼油', '磷虾油', '儿童DHA'],
      },
      {
        name: '益生菌',
        shape: 'bottle',
        highlights: ['多菌株配方，常温稳定', '按年龄分段，剂量更合适', '无乳糖、无麸质'],
        usage: '每日 1 次，空腹或随餐服用均可；粉剂可加入不超过 40℃ 的温水或奶中。',
        storage: '常温干燥处保存，开封后尽快服用。',
        leaves: ['成人益生菌', '儿童益生菌'],
      },
      {
        name: '营养补充',
        shape: 'jar',
        highlights: ['针对护肝、骨骼、美容等日常需求', '澳洲药房同款', '大瓶装更划算'],
        usage: '请按瓶身建议用量服用，不可替代药物。',
        storage: '置于阴凉干燥处，避免儿童取用。',
        leaves: ['护肝片', '胶原蛋白', '钙片'],
      },
      {
        name: '传统滋补',
        shape: 'box',
        highlights: ['老字号品牌，传统工艺', '精选道地药材', '礼盒装，送礼自用皆宜'],
        usage: '可泡水、炖汤或直接食用，体质特殊者请先咨询中医师。',
        storage: '密封置于阴凉干燥处，防潮防虫。',
        leaves: ['参茸滋补', '阿胶', '蜂胶'],
      },
    ],
  },
  {
    name: '美妆个护',
    color: '#f3e5f5',
    groups: [
      {
        name: '面部护理',
        shape: 'jar',
        highlights: ['专柜正品，支持批次查询', '适合多种肤质，质地轻盈', '植物与活性成分兼顾'],
        usage: '洁面后取适量，由内向外轻柔按摩至吸收，早晚使用；初次使用请先在耳后试用。',
        storage: '请置于阴凉处，避免高温与阳光直射，开封后 12 个月内用完。',
        leaves: ['面霜', '精华', '洁面'],
      },
      {
        name: '身体护理',
        shape: 'tube',
        highlights: ['澳洲本土品牌，天然成分', '滋润不黏腻', '全家可用'],
        usage: '取适量涂抹于需要部位，轻揉至吸收；破损皮肤请遵医嘱使用。',
        storage: '置于阴凉处，使用后盖紧。',
        leaves: ['身体乳', '护手霜', '万用膏'],
      },
      {
        name: '洗发护发',
        shape: 'bottle',
        highlights: ['无硅油配方，清爽蓬松', '滋养发根，减少断发', '大容量家庭装'],
        usage: '湿发后取适量揉出泡沫，按摩头皮 1-2 分钟后冲净，护发素请涂于发中至发尾。',
        storage: '避免阳光直射，瓶口朝上存放。',
        leaves: ['洗发水', '护发素'],
      },
    ],
  },
  {
    name: '食品饮料',
    color: '#fff3d6',
    groups: [
      {
        name: '零食',
        shape: 'box',
        highlights: ['原装进口，中文标签齐全', '多种口味任选', '整箱批发价更优惠'],
        usage: '开袋即食；巧克力类产品夏季配送会加冰袋。',
        storage: '请置于 20℃ 以下阴凉干燥处，开封后尽快食用。',
        leaves: ['饼干', '巧克力', '坚果'],
      },
      {
        name: '咖啡',
        shape: 'jar',
        highlights: ['冻干工艺，保留咖啡香气', '冷热水皆可冲调', '多种烘焙度可选'],
        usage: '每杯取 1-2 茶匙，加入 150-200ml 热水或冷水搅拌即可。',
        storage: '用后盖紧，置于阴凉干燥处，避免受潮结块。',
        leaves: ['速溶咖啡', '咖啡胶囊'],
      },
      {
        name: '蜂蜜',
        shape: 'jar',
        highlights: ['新西兰原产，独立检测等级', '罐身标注 UMF 或 MGO 数值', '可追溯至采蜜区域'],
        usage: '每日 1-2 茶匙，可直接食用或用 40℃ 以下温水冲服；1 岁以下婴儿不宜食用。',
        storage: '常温密封保存，结晶属天然现象，不影响品质。',
        leaves: ['麦卢卡蜂蜜', '天然蜂蜜'],
      },
      {
        name: '乳制品',
        shape: 'box',
        highlights: ['优质奶源', '高钙高蛋白', '整箱装适合家庭和门店'],
        usage: '即冲即饮，或按包装说明冲调；开封后请冷藏。',
        storage: '未开封常温保存，开封后冷藏并于 3 天内饮用完毕。',
        leaves: ['成人奶粉', '植物奶'],
      },
    ],
  },
  {
    name: '服饰鞋包',
    color: '#e3ecf7',
    groups: [
      {
        name: 'UGG靴',
        shape: 'boot',
        highlights: ['整张澳洲羊皮，内里天然羊毛', '冬暖夏爽，透气吸湿', '手工缝制，鞋底防滑'],
        usage: '建议按平时尺码选购，脚背较高可选大一码；请勿机洗，可用专用清洁剂打理。',
        storage: '放置于通风干燥处，避免暴晒与受潮，收纳时可放入鞋撑。',
        leaves: ['男款', '女款', '童款'],
      },
      {
        name: '服饰',
        shape: 'shirt',
        highlights: ['精梳棉与美利奴羊毛面料', '经典版型，多色可选', '尺码齐全'],
        usage: '建议冷水手洗或机洗轻柔档，羊毛制品请平铺晾干。',
        storage: '羊毛制品收纳时请放防虫剂。',
        leaves: ['T恤', '羊毛衫', '婴童服饰'],
      },
      {
        name: '箱包',
        shape: 'bag',
        highlights: ['轻量耐磨材质', '静音万向轮与 TSA 海关锁', '多种尺寸可选'],
        usage: '托运前请锁好 TSA 锁；双肩包负重请勿超过 10kg。',
        storage: '收纳时请清空箱内物品，避免重压。',
        leaves: ['旅行箱', '双肩包'],
      },
    ],
  },
  {
    name: '家居日用',
    color: '#e0f2f1',
    groups: [
      {
        name: '厨房用品',
        shape: 'box',
        highlights: ['食品级材质，不含双酚A', '密封防漏', '可进微波炉与洗碗机'],
        usage: '首次使用前请清洗；微波加热时请打开盖子排气阀。',
        storage: '清洗晾干后存放。',
        leaves: ['保鲜盒', '烹饪用具'],
      },
      {
        name: '清洁用品',
        shape: 'box',
        highlights: ['强效去污，低泡易漂', '浓缩配方，用量更省', '家庭与门店适用'],
        usage: '请按包装建议用量使用，避免接触眼睛，误入眼睛请立即用清水冲洗。',
        storage: '请置于儿童接触不到的地方，密封防潮。',
        leaves: ['洗碗块', '洗衣液'],
      },
      {
        name: '个人健康',
        shape: 'box',
        highlights: ['医护级品质', '独立包装，干净卫生', '居家出行常备'],
        usage: '请按包装说明使用，一次性产品请勿重复使用。',
        storage: '常温干燥处保存，远离火源。',
        leaves: ['口罩', '口腔护理', '创可贴', '热敷眼罩'],
      },
    ],
  },
];
