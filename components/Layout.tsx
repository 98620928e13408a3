import type { ReactNode } from "react";
import { Logo } from "./Logo.tsx";
import { PRODUCT, type Site } from "./site.ts";

/**
 * The page frame: skip link, header, main landmark, footer. On tenant pages
 * the header reads "Hopper · {tenant name}" and every link stays in the tenant.
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
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header site={site} account={account} loginLink={loginLink} />
      <main id="main" className={wide ? "main" : "main main--narrow"}>{children}</main>
      <Footer site={site} />
    </>
  );
}

function Header({ site, account, loginLink }: { site: Site; account?: ReactNode; loginLink: boolean }) {
  const home = site.tenant ? `${site.base}/login` : "/";
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="brand" href={home}>
          <Logo />
          <span className="brand__title">
            {PRODUCT}
            {site.tenant && <span className="brand__tenant">· {site.tenant.name}</span>}
          </span>
        </a>
        {account ?? (
          <nav className="site-nav" aria-label="Main">
            <a href={`${site.base}/about`}>About</a>
            <a href={`${site.base}/contact`}>Contact</a>
            {loginLink && <a className="site-nav__login" href={`${site.base}/login`}>Login</a>}
          </nav>
        )}
      </div>
    </header>
  );
}

function Footer({ site }: { site: Site }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>© {site.year} {PRODUCT}{site.tenant ? ` · ${site.tenant.name}` : ""}</p>
        <nav aria-label="Footer">
          <a href={`${site.base}/terms`}>Terms</a>
          <a href={`${site.base}/privacy`}>Privacy</a>
          <a href={`${site.base}/about`}>About</a>
        </nav>
      </div>
    </footer>
  );
}
