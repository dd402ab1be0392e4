import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/rich-text';

/**
 * The server's sanitizer is the last word on rich text (ADR 062): whatever the console's editor, its paste cleaner or
 * a script sends, only paragraphs, headings, lists, emphasis, tables, the shop's own images and links to the shop's
 * own pages are stored.
 */
describe('the rich-text sanitizer', () => {
  it('keeps a table as the console’s editor writes it, without the editor’s widths', () => {
    const fromEditor =
      '<table style="min-width: 75px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>规格</p></th><th><p>数值</p></th></tr>' +
      '<tr><td colspan="2" rowspan="1"><p>250g <strong>两瓶</strong></p></td></tr></tbody></table>';
    expect(sanitizeRichText(fromEditor)).toBe(
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>规格</p></th><th><p>数值</p></th></tr>' +
        '<tr><td colspan="2" rowspan="1"><p>250g <strong>两瓶</strong></p></td></tr></tbody></table>',
    );
  });

  it('keeps a table’s head and body', () => {
    const table = '<table><thead><tr><th>码</th></tr></thead><tbody><tr><td>S</td></tr></tbody></table>';
    expect(sanitizeRichText(table)).toBe(table);
  });

  it.each([
    ['1', '1'],
    ['20', '20'],
    ['21', null],
    ['0', null],
    ['-1', null],
    ['2.5', null],
    ['1e1', null],
    ['999999', null],
    [' 2', null],
    ['abc', null],
  ])('keeps a colspan and rowspan of %s only from 1 to 20', (value, kept) => {
    const cell = `<td colspan="${value}" rowspan="${value}">x</td>`;
    expect(sanitizeRichText(`<table><tbody><tr>${cell}</tr></tbody></table>`)).toBe(
      kept === null
        ? '<table><tbody><tr><td>x</td></tr></tbody></table>'
        : `<table><tbody><tr><td colspan="${kept}" rowspan="${kept}">x</td></tr></tbody></table>`,
    );
  });

  it.each([
    [
      'a table’s styles, classes, widths, borders and event or data attributes',
      '<table class="MsoTableGrid" border="1" cellpadding="0" width="600" style="border-collapse:collapse" data-sort="x" onclick="x()"><tbody><tr style="height:20pt" bgcolor="red"><td width="138" valign="top" style="background:url(javascript:alert(1))" onmouseover="x()" data-colwidth="120" headers="a" scope="row">甲</td></tr></tbody></table>',
      '<table><tbody><tr><td>甲</td></tr></tbody></table>',
    ],
    [
      'a table’s caption, columns and foot as tags (their words stay)',
      '<table><caption>尺码</caption><colgroup><col span="2"></colgroup><tbody><tr><td>S</td></tr></tbody><tfoot><tr><td>注</td></tr></tfoot></table>',
      '<table>尺码<tbody><tr><td>S</td></tr></tbody><tr><td>注</td></tr></table>',
    ],
    [
      'scripts, styles and frames inside a cell, with what they hold',
      '<table><tbody><tr><td>甲<script>alert(1)</script><style>td{}</style><iframe src="https://evil.example/"></iframe></td></tr></tbody></table>',
      '<table><tbody><tr><td>甲</td></tr></tbody></table>',
    ],
    [
      'outside pictures and links inside a cell',
      '<table><tbody><tr><td><img src="https://mmbiz.qpic.cn/a/640"><a href="https://evil.example/">乙</a><img src="/res/img/content/a.jpg"></td></tr></tbody></table>',
      '<table><tbody><tr><td>乙<img src="/res/img/content/a.jpg" /></td></tr></tbody></table>',
    ],
    [
      'Word’s markup',
      '<p class=MsoNormal style="mso-line-height-rule:exactly"><b style="mso-bidi-font-weight:normal"><span lang=EN-US style="font-size:12pt">新西兰</span></b><o:p></o:p><font color=red>羊毛</font><!--[if !supportLists]-->·<!--[endif]--></p>',
      '<p><b>新西兰</b>羊毛·</p>',
    ],
    [
      'WeChat’s markup',
      '<section data-tools="135编辑器" style="margin:0"><p style="text-align:center" data-mpa-emphasize="true"><span leaf="" style="font-weight:bold">新品</span><img data-src="https://mmbiz.qpic.cn/a/640" src="https://mmbiz.qpic.cn/a/640?wx_lazy=1"></p><mp-style-type data-value="3"></mp-style-type></section>',
      '<p>新品</p>',
    ],
    [
      'headings outside the shop’s levels, quotes, code, rules, forms and media (their words stay)',
      '<h1>一</h1><h5>五</h5><blockquote>引</blockquote><pre><code>码</code></pre><hr><form><input value="x"><button>按</button></form><video src="/a.mp4">视</video><svg><text>图</text></svg>',
      '一五引码按视图',
    ],
    [
      'links elsewhere, script links and protocol-relative ones (their words stay)',
      '<p><a href="https://evil.example/">外</a><a href="javascript:alert(1)">脚</a><a href="//evil.example/">双</a><a href="/\\evil.example">斜</a><a href="data:text/html,x">数</a><a href="/product/12" target="_blank" rel="opener">内</a></p>',
      '<p>外脚双斜数<a href="/product/12">内</a></p>',
    ],
    [
      'pictures not on the shop’s image host',
      '<img src="https://evil.example/x.png"><img src="//evil.example/x.png"><img src="data:image/png;base64,AA"><img src="/res/img/../../etc/passwd"><img src="/images/a.png"><img src="/res/img/content/b.jpg" alt="盒" title="t" onerror="x()">',
      '<img src="/res/img/content/b.jpg" alt="盒" />',
    ],
  ])('drops %s', (_name, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  it('closes a shop link that follows a dropped one as a link', () => {
    // Were the dropped link renamed to a dropped tag, the next link would close as that tag and stay open past its words.
    expect(
      sanitizeRichText(
        '<p><a href="https://evil.example/">外</a> <a href="/product/1">内</a>尾</p><p>下一段</p>',
      ),
    ).toBe('<p>外 <a href="/product/1">内</a>尾</p><p>下一段</p>');
  });

  it('keeps what the shop’s rich text is made of', () => {
    const kept =
      '<h2>介绍</h2><h3>亮点</h3><h4>细节</h4><p>正文<br />换行 <strong>粗</strong> <b>粗</b> <em>斜</em> <i>斜</i></p>' +
      '<ul><li><p>一</p><ol><li>二</li></ol></li></ul><p><a href="/article/3?from=a#b">说明</a></p>' +
      '<img src="/res/img/content/a.jpg" alt="" width="640" height="480" />';
    expect(sanitizeRichText(kept)).toBe(kept);
  });
});
