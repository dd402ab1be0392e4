import { describe, expect, it } from 'vitest';
import { cleanPastedHtml, droppedImagesNotice, htmlHasWords } from '@/components/rich-text/clean-pasted-html';

const ORIGIN = 'https://shop.example';
const clean = (html: string) => cleanPastedHtml(html, { origin: ORIGIN });

/** What Word (Windows, 中文版) puts on the clipboard for a short product sheet: head, styles, lists, a table, a picture. */
const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15">
<link rel=File-List href="file:///C:/Users/lin/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]-->
<style><!-- /* Style Definitions */ p.MsoNormal {mso-style-unhide:no; margin:0cm; font-size:10.5pt;} --></style>
</head>
<body lang=ZH-CN style='tab-interval:21.0pt;word-wrap:break-word;text-justify-trim:punctuation'>
<!--StartFragment-->
<h1 style='mso-pagination:widow-orphan'><a name="_GoBack"></a><span style='font-family:"微软雅黑",sans-serif'>麦卢卡蜂蜜 UMF10+</span><span
lang=EN-US><o:p></o:p></span></h1>
<p class=MsoNormal style='line-height:150%'><b style='mso-bidi-font-weight:normal'><span
style='font-size:12.0pt;mso-ascii-font-family:Calibri'>产地：</span></b><span style='font-size:12.0pt'>新西兰<span
lang=EN-US>&nbsp;</span><i>原装进口</i></span><font color=red face="宋体">，批次可查</font><span style='mso-spacerun:yes'>&nbsp;</span><o:p></o:p></p>
<p class=MsoNormal><span lang=EN-US><o:p>&nbsp;</o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='margin-left:18.0pt;mso-para-margin-left:0gd;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span
lang=EN-US style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span
style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><!--[endif]--><span
style='font-size:12.0pt'>早晚各一勺</span><o:p></o:p></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:39.0pt;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><!--[if !supportLists]--><span
lang=EN-US style='font-family:Wingdings'><span style='mso-list:Ignore'>Ø<span style='font:7.0pt "Times New Roman"'>&nbsp; </span></span></span><!--[endif]-->温水冲服<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='margin-left:18.0pt;text-indent:-18.0pt;mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span
lang=EN-US style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><!--[endif]-->开封后冷藏<o:p></o:p></p>
<p class=MsoNormal><span lang=EN-US><!--[if gte vml 1]><v:shape id="图片_x0020_1" type="#_x0000_t75" style='width:120pt;height:90pt'><v:imagedata
src="file:///C:/Users/lin/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png" o:title=""/></v:shape><![endif]--><!--[if !vml]--><img
width=160 height=120 src="file:///C:/Users/lin/AppData/Local/Temp/msohtmlclip1/01/clip_image002.jpg" v:shapes="图片_x0020_1"><!--[endif]--></span><o:p></o:p></p>
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;border:none;mso-yfti-tbllook:1184'>
 <tr style='mso-yfti-irow:0;mso-yfti-firstrow:yes'>
  <td width=138 valign=top style='width:103.7pt;border:solid windowtext 1.0pt;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal><b><span style='font-family:宋体'>规格</span></b><o:p></o:p></p>
  </td>
  <td width=138 colspan=2 valign=top style='width:103.7pt;border:solid windowtext 1.0pt'>
  <p class=MsoNormal><span lang=EN-US>250g<o:p></o:p></span></p>
  </td>
 </tr>
 <tr style='mso-yfti-irow:1;mso-yfti-lastrow:yes'>
  <td width=138 valign=top style='width:103.7pt'><p class=MsoNormal>保质期<o:p></o:p></p></td>
  <td width=69 valign=top><p class=MsoNormal>3<span style='font-family:宋体'>年</span></p></td>
  <td width=69 valign=top><p class=MsoNormal>见瓶身<o:p></o:p></p></td>
 </tr>
</table>
<p class=MsoNormal>详见<a href="https://www.honey.example/umf">官网</a>或<a href="${ORIGIN}/product/12?from=word#detail">本店商品页</a><o:p></o:p></p>
<!--EndFragment-->
</body>
</html>`;

/** A numbered Word list: its markers are numbers, so it becomes an ordered list. */
const WORD_NUMBERED =
  `<p class=MsoListParagraph style='mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span lang=EN-US><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><!--[endif]-->下单</p>\n` +
  `<p class=MsoListParagraph style='mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span lang=EN-US><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><!--[endif]-->付款</p>`;

/** A WeChat article copied from mp.weixin.qq.com (135编辑器 layout): sections, data-*, inline styles, mmbiz pictures. */
const WECHAT = `<meta charset='utf-8'><section style="margin: 0px; padding: 0px; outline: 0px; max-width: 100%; box-sizing: border-box; color: rgba(0, 0, 0, 0.9); font-family: system-ui, -apple-system, BlinkMacSystemFont; letter-spacing: 0.544px; visibility: visible;" data-role="outer" label="Powered by 135editor.com" data-mpa-powered-by="yiban.io"><section data-tools="135编辑器" data-id="92290" style="margin: 0px; padding: 0px; max-width: 100%; box-sizing: border-box !important;"><section style="margin: 10px auto; text-align: center;"><section style="display: inline-block; border-bottom: 2px solid rgb(171, 25, 66);"><span style="font-size: 18px; color: rgb(171, 25, 66); font-weight: bold;" data-brushtype="text"><span leaf="">春季新品到货</span></span></section></section></section><p style="margin: 0px 8px 24px; text-align: justify; line-height: 1.75em;"><span style="font-size: 15px; letter-spacing: 1px;" leaf="">澳洲直邮，<span textstyle="" style="font-style: italic;">正品保证</span>。</span></p><p style="text-align: center;" data-mpa-emphasize="true"><img class="rich_pages wxw-img" data-ratio="0.6666666666666666" data-s="300,640" data-src="https://mmbiz.qpic.cn/mmbiz_jpg/Xb3Yy5Qz/640?wx_fmt=jpeg&amp;from=appmsg" data-type="jpeg" data-w="1080" style="width: 100%; height: auto !important; visibility: visible !important;" data-original-style="width: 100%;" data-index="1" src="https://mmbiz.qpic.cn/mmbiz_jpg/Xb3Yy5Qz/640?wx_fmt=jpeg&amp;tp=webp&amp;wxfrom=5&amp;wx_lazy=1" _width="100%" alt="图片"></p><p style="margin: 0px 8px;"><br></p><section style="margin: 0px 8px;"><span leaf="">规格一览：</span></section><section style="overflow-x: auto;" data-tool="mdnice"><table style="width: 100%; border-collapse: collapse;" data-sort="sortDisabled"><tbody><tr style="background-color: rgb(248, 248, 248);"><th style="border: 1px solid rgb(204, 204, 204);" width="120" data-colwidth="120">品名</th><th style="border: 1px solid rgb(204, 204, 204);">价格</th></tr><tr><td style="border: 1px solid rgb(204, 204, 204);" rowspan="1" colspan="1">奶粉</td><td style="border: 1px solid rgb(204, 204, 204);" colspan="99">¥ 230</td></tr></tbody></table></section><p style="margin: 0px 8px;"><span leaf="">阅读原文：</span><a href="https://mp.weixin.qq.com/s/AbCdEf" target="_blank" data-linktype="2" style="color: rgb(87, 107, 149);">上期回顾</a></p><section><img data-src="https://mmbiz.qpic.cn/sz_mmbiz_gif/Qq/640?wx_fmt=gif" src="data:image/svg+xml,%3C%3Fxml version='1.0'%3F%3E%3Csvg width='1px' height='1px'%3E%3C/svg%3E" data-type="gif"></section><mp-common-profile class="js_uneditable custom_select_card mp_profile_iframe" data-pluginname="mpprofile" data-nickname="澳中批发" data-alias=""></mp-common-profile><mp-style-type data-value="3"></mp-style-type></section>`;

describe('the paste cleaner', () => {
  it('keeps only the words and shape of a Word document', () => {
    const { html, droppedImages } = clean(WORD);
    expect(html).toBe(
      '<h2>麦卢卡蜂蜜 UMF10+</h2>' +
        '<p><strong>产地：</strong>新西兰&nbsp;<em>原装进口</em>，批次可查&nbsp;</p>' +
        '<ul><li><p>早晚各一勺</p><ul><li><p>温水冲服</p></li></ul></li><li><p>开封后冷藏</p></li></ul>' +
        '<table><tbody>' +
        '<tr><td><p><strong>规格</strong></p></td><td colspan="2"><p>250g</p></td></tr>' +
        '<tr><td><p>保质期</p></td><td><p>3年</p></td><td><p>见瓶身</p></td></tr>' +
        '</tbody></table>' +
        '<p>详见官网或<a href="/product/12?from=word#detail">本店商品页</a></p>',
    );
    // Word's picture lives only on the copier's computer.
    expect(droppedImages).toEqual({ outside: 0, local: 1 });
    for (const trace of [
      'mso',
      'class=',
      'style=',
      'o:p',
      '<font',
      '<span',
      'lang=',
      '<!--',
      'xml',
      'Symbol',
    ])
      expect(html).not.toContain(trace);
  });

  it('turns a numbered Word list into an ordered list without its typed numbers', () => {
    expect(clean(WORD_NUMBERED).html).toBe('<ol><li><p>下单</p></li><li><p>付款</p></li></ol>');
  });

  it('unwraps a WeChat article and drops its outside pictures, counting them', () => {
    const { html, droppedImages } = clean(WECHAT);
    expect(html).toBe(
      '<p><strong>春季新品到货</strong></p>' +
        '<p>澳洲直邮，<em>正品保证</em>。</p>' +
        '<p>规格一览：</p>' +
        '<table><tbody><tr><th>品名</th><th>价格</th></tr><tr><td>奶粉</td><td>¥ 230</td></tr></tbody></table>' +
        '<p>阅读原文：上期回顾</p>',
    );
    expect(droppedImages).toEqual({ outside: 2, local: 0 });
    for (const trace of ['data-', 'style=', 'section', 'mmbiz', 'leaf', 'mp-', 'class=', 'target='])
      expect(html).not.toContain(trace);
  });

  it.each([
    [
      'keeps the shop’s own pictures, as paths',
      `<p>图<img src="${ORIGIN}/res/img/content/a.jpg" alt="盒"></p>`,
      '<p>图<img src="/res/img/content/a.jpg" alt="盒"></p>',
    ],
    [
      'keeps a hosted picture given as a path',
      '<img src="/res/img/goods/b.png">',
      '<img src="/res/img/goods/b.png" alt="">',
    ],
    [
      'drops a path that climbs out of the image host',
      '<p>x<img src="/res/img/../secret.png"></p>',
      '<p>x</p>',
    ],
    [
      'drops scripts, styles, frames and forms with what they hold',
      '<p>正文<script>alert(1)</script></p><style>p{}</style><iframe src="/x">框</iframe><button>按</button>',
      '<p>正文</p>',
    ],
    ['drops event and data attributes', '<p onclick="x()" data-id="3" id="a" title="t">字</p>', '<p>字</p>'],
    [
      'unwraps links elsewhere and script links, keeping their words',
      '<p><a href="javascript:alert(1)">甲</a><a href="//evil.example/">乙</a><a href="/\\evil">丙</a></p>',
      '<p>甲乙丙</p>',
    ],
    [
      'keeps links to the shop’s pages',
      '<p><a href="/article/3" target="_blank" rel="noopener">说明</a></p>',
      '<p><a href="/article/3">说明</a></p>',
    ],
    [
      'maps every heading onto the shop’s three levels',
      '<h1>一</h1><h2>二</h2><h3>三</h3><h5>五</h5><h6>六</h6>',
      '<h2>一</h2><h2>二</h2><h3>三</h3><h4>五</h4><h4>六</h4>',
    ],
    [
      'makes a wrapper of words a paragraph and lets a wrapper of blocks give way',
      '<div>甲</div><div><div>乙</div><p>丙</p></div>',
      '<p>甲</p><p>乙</p><p>丙</p>',
    ],
    [
      'writes bold and italic styles as <strong> and <em>',
      '<p><span style="font-weight:700">粗</span><span style="font-style: italic">斜</span><span style="mso-bidi-font-weight:bold">常</span></p>',
      '<p><strong>粗</strong><em>斜</em>常</p>',
    ],
    [
      'drops empty emphasis and empty paragraphs',
      '<p><b></b></p><p>&nbsp;</p><p><br></p><p>字<b> </b></p>',
      '<p>字<strong> </strong></p>',
    ],
    [
      'bounds a cell’s span and drops the table’s extras',
      '<table border="1"><caption>尺码表</caption><colgroup><col width="30"></colgroup><thead><tr><th colspan="20" rowspan="1">码</th></tr></thead><tfoot><tr><td rowspan="21" colspan="0">注</td></tr></tfoot></table>',
      '<p>尺码表</p><table><thead><tr><th colspan="20">码</th></tr></thead><tbody><tr><td>注</td></tr></tbody></table>',
    ],
    [
      'keeps the editor’s own copy marker, so a cut-and-paste lands as it was cut',
      '<ul data-pm-slice="3 3 []"><li><p>项</p></li></ul>',
      '<ul data-pm-slice="3 3 []"><li><p>项</p></li></ul>',
    ],
  ])('%s', (_name, input, expected) => {
    expect(clean(input).html).toBe(expected);
  });

  it('counts pictures it cannot keep by where they live', () => {
    expect(
      clean(
        '<img src="https://mmbiz.qpic.cn/a/640"><img src="//cdn.example/b.png"><img src="/images/c.png">' +
          '<img src="file:///C:/clip_image001.png"><img src="data:image/png;base64,iVBOR"><img src="blob:https://x/1"><img>',
      ).droppedImages,
    ).toEqual({ outside: 3, local: 4 });
  });
});

describe('the notice of dropped pictures', () => {
  it.each([
    [{ outside: 0, local: 0 }, null],
    [
      { outside: 3, local: 0 },
      '已去掉 3 张外站图片（如公众号文章的图片）：商城只显示本店图片，请先把图片存到电脑，再用工具栏的“图片”上传。',
    ],
    [
      { outside: 1, local: 2 },
      '已去掉 1 张外站图片（如公众号文章的图片）和 2 张无法读取的图片（如 Word 里的图片）：商城只显示本店图片，请先把图片存到电脑，再用工具栏的“图片”上传。',
    ],
  ])('%o → %s', (dropped, text) => {
    expect(droppedImagesNotice(dropped)).toBe(text);
  });
});

describe('words in pasted HTML', () => {
  it.each([
    ['', false],
    ['<img src="https://elsewhere.example/a.png">', false],
    ['<p>&nbsp;<br></p>', false],
    ['<p>一段</p><img src="/res/img/a.jpg">', true],
  ])('%s → %s', (html, words) => {
    expect(htmlHasWords(html)).toBe(words);
  });
});
