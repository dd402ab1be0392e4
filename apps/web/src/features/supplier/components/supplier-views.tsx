import type { SupplierBlock, SupplierLang } from '@shop/domain';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { type SupplierContent, useSupplierContent } from '../api/get-supplier-content';
import { supplierHome } from '../supplier-lang';
import { SUPPLIER_TEXTS } from '../texts';
import { ApplicationForm } from './application-form';
import { Banner1, Feature0, Feature5, LanguageSwitch, Nav0 } from './supplier-blocks';

/** Draws a language's content once it is there; a failure says so in that language, with a retry. */
function WithContent({
  lang,
  children,
}: {
  lang: SupplierLang;
  children: (c: SupplierContent) => ReactNode;
}) {
  const query = useSupplierContent(lang);
  const texts = SUPPLIER_TEXTS[lang];
  if (query.data) return children(query.data);
  if (query.isError)
    return (
      <div className="supplier-inner supplier-failed" role="alert">
        <p>{texts.loadFailed}</p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {texts.retry}
        </button>
      </div>
    );
  return (
    <div className="supplier-inner">
      <Skeleton lines={6} />
    </div>
  );
}

/** /supplier and /supplier/en: the landing page, its blocks in order, then the application form. */
export function SupplierLanding({ lang }: { lang: SupplierLang }) {
  return (
    <WithContent lang={lang}>
      {({ content }) => (
        <>
          <Nav0 block={content.Nav0} lang={lang} />
          <main id="main" className="supplier-main">
            <Banner1 block={content.Banner1} />
            <Feature0 block={content.Feature0} />
            <Feature5 block={content.Feature5} />
            <ApplicationForm block={content.apply} lang={lang} />
          </main>
        </>
      )}
    </WithContent>
  );
}

/** The bar above a preview: what is shown, and the same in the other language. */
function PreviewBar({
  lang,
  title,
  to,
  heading = false,
}: {
  lang: SupplierLang;
  title: string;
  to: (l: SupplierLang) => string;
  /** The bar's title is the page's heading (a block without a heading of its own). */
  heading?: boolean;
}) {
  const texts = SUPPLIER_TEXTS[lang];
  return (
    <div className="supplier-preview-bar">
      <div className="supplier-inner supplier-preview-bar-inner">
        {heading ? <h1 className="supplier-preview-title">{title}</h1> : <span>{title}</span>}
        <LanguageSwitch lang={lang} to={to} />
        <Link to={supplierHome(lang)}>{texts.preview.openPage} ↗</Link>
      </div>
    </div>
  );
}

/** /supplier/{Nav0|Banner1|Feature0|Feature5}: one block alone, for whoever edits the content (?lang=en: English). */
export function SupplierBlockPreview({ block, lang }: { block: SupplierBlock; lang: SupplierLang }) {
  const { pathname } = useLocation();
  const texts = SUPPLIER_TEXTS[lang];
  return (
    <>
      <PreviewBar
        lang={lang}
        title={`${texts.preview.block} · ${block}`}
        to={(l) => (l === 'en' ? `${pathname}?lang=en` : pathname)}
        // Banner1 draws the landing page's own h1; every other block is named by the bar.
        heading={block !== 'Banner1'}
      />
      <main id="main" className="supplier-main supplier-preview">
        <WithContent lang={lang}>
          {({ content }) =>
            ({
              Nav0: <Nav0 block={content.Nav0} lang={lang} />,
              Banner1: <Banner1 block={content.Banner1} />,
              Feature0: <Feature0 block={content.Feature0} />,
              Feature5: <Feature5 block={content.Feature5} />,
            })[block]
          }
        </WithContent>
      </main>
    </>
  );
}

/** The stored JSON with its keys, strings and numbers marked, for reading (no markup is ever parsed). */
export function highlightJson(source: string): ReactNode[] {
  const token = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of source.matchAll(token)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(source.slice(last, at));
    const [whole, string, colon, literal, number] = match;
    if (string !== undefined) {
      parts.push(
        <span key={at} className={colon ? 'json-key' : 'json-string'}>
          {string}
        </span>,
      );
      if (colon) parts.push(colon);
    } else {
      parts.push(
        <span key={at} className={literal ? 'json-literal' : 'json-number'}>
          {literal ?? number ?? whole}
        </span>,
      );
    }
    last = at + whole.length;
  }
  if (last < source.length) parts.push(source.slice(last));
  return parts;
}

/** /supplier/data.source and /supplier/en/data.source: that language's content as stored, read-only. */
export function SupplierDataSource({ lang }: { lang: SupplierLang }) {
  const texts = SUPPLIER_TEXTS[lang];
  return (
    <>
      <PreviewBar
        lang={lang}
        title={texts.preview.source}
        to={(l) => (l === 'en' ? '/supplier/en/data.source' : '/supplier/data.source')}
      />
      <main id="main" className="supplier-main supplier-preview">
        <WithContent lang={lang}>
          {({ name, source, updatedAt }) => (
            <div className="supplier-inner supplier-source">
              <h1>
                {texts.preview.source} · <code>{name}</code>
              </h1>
              <p className="supplier-source-note">
                {texts.preview.sourceNote(name)} {texts.preview.updated}:{' '}
                <time dateTime={updatedAt}>{new Date(updatedAt).toLocaleString(texts.htmlLang)}</time>
              </p>
              <pre className="supplier-source-code">
                <code>{highlightJson(source)}</code>
              </pre>
            </div>
          )}
        </WithContent>
      </main>
    </>
  );
}
