import type { SupplierLang, SupplierTemplate } from '@shop/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { supplierHome } from '../supplier-lang';
import { SUPPLIER_TEXTS } from '../texts';
import '../supplier.css';

/**
 * The blocks of the supplier landing page, named as its routes name them (spec §2: Nav0, Banner1, Feature0,
 * Feature5). Each draws one part of a language's template; the landing page stacks them, the preview routes
 * show one alone.
 */

/** 中文 | English: the same page in the other language. */
export function LanguageSwitch({
  lang,
  to = supplierHome,
}: {
  lang: SupplierLang;
  to?: (lang: SupplierLang) => string;
}) {
  const texts = SUPPLIER_TEXTS[lang];
  return (
    <nav className="supplier-lang" aria-label={texts.switchLabel}>
      {(['zh', 'en'] as const).map((l) => (
        <Link
          key={l}
          to={to(l)}
          hrefLang={SUPPLIER_TEXTS[l].htmlLang}
          lang={SUPPLIER_TEXTS[l].htmlLang}
          aria-current={l === lang ? 'page' : undefined}
          className={l === lang ? 'is-active' : undefined}
        >
          {texts.languages[l]}
        </Link>
      ))}
    </nav>
  );
}

/** Nav0: the area's own navigation bar (in place of the shop's header), with the language switch. */
export function Nav0({ block, lang }: { block: SupplierTemplate['Nav0']; lang: SupplierLang }) {
  return (
    <header className="supplier-nav" id="Nav0">
      <div className="supplier-inner supplier-nav-inner">
        <Link to={supplierHome(lang)} className="supplier-nav-title">
          {block.title}
        </Link>
        <nav className="supplier-nav-links" aria-label={block.title}>
          {block.links.map((link) => (
            <a key={`${link.anchor}-${link.label}`} href={`#${link.anchor}`}>
              {link.label}
            </a>
          ))}
        </nav>
        <LanguageSwitch lang={lang} />
        <a href="#apply" className="btn btn-primary supplier-nav-cta">
          {block.cta}
        </a>
      </div>
    </header>
  );
}

/** Banner1: the hero, with the facts that matter most and the way to the form. */
export function Banner1({ block }: { block: SupplierTemplate['Banner1'] }) {
  return (
    <section className="supplier-banner1" id="Banner1" aria-labelledby="Banner1-title">
      <div className="supplier-inner">
        <h1 id="Banner1-title">{block.title}</h1>
        <p className="supplier-banner1-subtitle">{block.subtitle}</p>
        {block.highlights.length > 0 && (
          <ul className="supplier-highlights">
            {block.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        )}
        <a href="#apply" className="btn btn-primary supplier-banner1-cta">
          {block.cta}
        </a>
      </div>
    </section>
  );
}

/** A titled section of the landing page; its id is the block's name, the target of Nav0's links. */
function BlockSection({
  id,
  title,
  subtitle,
  alt = false,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string | undefined;
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={alt ? 'supplier-section supplier-section-alt' : 'supplier-section'}
      id={id}
      aria-labelledby={`${id}-title`}
    >
      <div className="supplier-inner">
        <div className="supplier-section-head">
          <h2 id={`${id}-title`}>{title}</h2>
          {subtitle && <p>{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** Feature0: why sell through the shop. */
export function Feature0({ block }: { block: SupplierTemplate['Feature0'] }) {
  return (
    <BlockSection id="Feature0" title={block.title} subtitle={block.subtitle}>
      <ul className="supplier-features">
        {block.items.map((item) => (
          <li key={item.title} className="supplier-feature">
            <span className="supplier-feature-figure" aria-hidden="true">
              {item.figure}
            </span>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}

/** Feature5: how it works, step by step. */
export function Feature5({ block }: { block: SupplierTemplate['Feature5'] }) {
  return (
    <BlockSection id="Feature5" title={block.title} subtitle={block.subtitle} alt>
      <ol className="supplier-steps">
        {block.steps.map((step, index) => (
          <li key={step.title} className="supplier-step">
            <span className="supplier-step-no" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
