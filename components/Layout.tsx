import type { ReactNode } from "react";
import { LANG_NAMES, LANGS } from "../lib/i18n/lang.ts";
import { switchHref } from "../routes/language_switch.ts";
import { Logo } from "./Logo.tsx";
import { PRODUCT, type Site } from "./site.ts";
import { useT } from "./texts.tsx";

/**
 * The page frame: skip link, header, main landmark, footer. On tenant pages
 * the header reads "Hopper · {tenant name}" beside the tenant's logo (or the
 * Hopper mark) and every link stays in the tenant.
 */
export function Layout(
  { site, children, wide = false, account, loginLink = true }: {
    site: Site;
    children: ReactNode;
    wide?: boolean;
    /** Replaces the About/Contact links on app pages: the signed-in user's badge and menu (an island). */
    account?: ReactNode;
    /** False on the login pages themselves. */
    loginLink?: boolean;
  },
) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">{t("Skip to content")}</a>
      <Header site={site} account={account} loginLink={loginLink} />
      <main id="main" className={wide ? "main" : "main main--narrow"}>{children}</main>
      <Footer site={site} />
    </>
  );
}

function Header({ site, account, loginLink }: { site: Site; account?: ReactNode; loginLink: boolean }) {
  const t = useT();
  const home = site.tenant ? `${site.base}/login` : "/";
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="brand" href={home}>
          {site.tenant?.logo ? <TenantLogo {...site.tenant.logo} /> : <Logo />}
          <span className="brand__title">
            {PRODUCT}
            {site.tenant && <span className="brand__tenant">· {site.tenant.name}</span>}
          </span>
        </a>
        {account ?? (
          <nav className="site-nav" aria-label={t("Main")}>
            <a href={`${site.base}/about`}>{t("About")}</a>
            <a href={`${site.base}/contact`}>{t("Contact")}</a>
            {loginLink && <a className="site-nav__login" href={`${site.base}/login`}>{t("Login")}</a>}
          </nav>
        )}
      </div>
    </header>
  );
}

/** The header's logo box: at most this tall and wide, as the Hopper mark is 32 px square. */
export const HEADER_LOGO = { height: 32, maxWidth: 128 };

/**
 * The organisation's logo in the mark's place, drawn to fit the
 * header's box keeping its shape; alt is empty, as its name is the text beside it.
 */
function TenantLogo({ url, width, height }: { url: string; width: number; height: number }) {
  const scale = Math.min(HEADER_LOGO.height / height, HEADER_LOGO.maxWidth / width);
  return (
    <img
      className="logo"
      src={url}
      alt=""
      width={Math.max(1, Math.round(width * scale))}
      height={Math.max(1, Math.round(height * scale))}
    />
  );
}

function Footer({ site }: { site: Site }) {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>© {site.year} {PRODUCT}{site.tenant ? ` · ${site.tenant.name}` : ""}</p>
        <nav aria-label={t("Footer")}>
          <a href={`${site.base}/terms`}>{t("Terms")}</a>
          <a href={`${site.base}/privacy`}>{t("Privacy")}</a>
          <a href={`${site.base}/about`}>{t("About")}</a>
        </nav>
        <LanguageSwitch site={site} />
      </div>
    </footer>
  );
}

/** English / Español: plain links, so the switch works on pages with no script; each name in its own language. */
function LanguageSwitch({ site }: { site: Site }) {
  const t = useT();
  return (
    <nav className="language-switch" aria-label={t("Language")}>
      {LANGS.map((lang, i) => (
        <span key={lang}>
          {i > 0 && <span aria-hidden="true">/</span>}
          {lang === site.lang
            ? <span className="language-switch__current" aria-current="true" lang={lang}>{LANG_NAMES[lang]}</span>
            : <a href={switchHref(lang, site.path)} lang={lang} hrefLang={lang}>{LANG_NAMES[lang]}</a>}
        </span>
      ))}
    </nav>
  );
}
