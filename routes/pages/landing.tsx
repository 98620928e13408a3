import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";
import { useT } from "../../components/texts.tsx";

/** `/`: the product for riders and for organisations (spec section 1). */
export function LandingPage({ site, demo }: { site: Site; demo?: { code: string; name: string } }) {
  const t = useT();
  return (
    <Layout site={site} wide>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div>
            <h1 id="hero-title">{t("On-demand shuttles for your community")}</h1>
            <p className="lead">
              {t(
                "Drop a pin, get picked up. Hopper lets towns, campuses, hospitals and employers run their own shuttle service that riders book from their phone in seconds.",
              )}
            </p>
            <div className="actions">
              <a className="button button--large" href="#riders">{t("How to ride")}</a>
              <a className="button button--large button--secondary" href="/contact">{t("Contact Us")}</a>
            </div>
          </div>
          <img className="hero__art" src="/shuttle.png" width="160" height="160" alt="" loading="lazy" />
        </div>
      </section>

      <section id="riders" className="section container" aria-labelledby="riders-title">
        <h2 id="riders-title">{t("For riders")}</h2>
        <p>
          {t(
            "Every service on Hopper belongs to an organization. You connect through that organization's own web address, then ride.",
          )}
        </p>
        <ol className="steps">
          <li>
            <h3>{t("Open your organization's link")}</h3>
            <p>
              {t.rich("Your town, campus or employer shares its address, like {example}. No app to install.", {
                example: <code>/greer</code>,
              })}
            </p>
          </li>
          <li>
            <h3>{t("Sign in with your phone")}</h3>
            <p>{t("We text you a 4-digit code. No password to remember.")}</p>
          </li>
          <li>
            <h3>{t("Drop a pin and get picked up")}</h3>
            <p>{t("Choose where you're going on the map, and watch your driver arrive live.")}</p>
          </li>
        </ol>
        {demo && (
          <p className="callout">
            {t.rich("Want to see it? Try the demo service: {demo}.", {
              demo: <a href={`/${demo.code}`}>{demo.name}</a>,
            })}
          </p>
        )}
      </section>

      <section className="section section--alt" aria-labelledby="orgs-title">
        <div className="container">
          <h2 id="orgs-title">{t("For organizations")}</h2>
          <ul className="features">
            <li>
              <h3>{t("Your own branded service")}</h3>
              <p>{t("Your name, your web address, your riders, your service area and your weekly schedule.")}</p>
            </li>
            <li>
              <h3>{t("Drivers with one hand free")}</h3>
              <p>{t("Drivers go online, see requests as they arrive and move each ride along with one tap.")}</p>
            </li>
            <li>
              <h3>{t("Run it from a desk")}</h3>
              <p>{t("Admins follow every trip live, manage people and roles, and set the hours of service.")}</p>
            </li>
            <li>
              <h3>{t("Open source")}</h3>
              <p>{t("Run it yourself or have us run it. Your riders' data stays yours.")}</p>
            </li>
          </ul>
          <div className="cta">
            <h3>{t("Set up a service for your community")}</h3>
            <p>
              {t(
                "Tell us about your town, campus or workplace and we'll get back to you within 1-2 business days.",
              )}
            </p>
            <a className="button button--large" href="/contact">{t("Contact Us")}</a>
          </div>
        </div>
      </section>
    </Layout>
  );
}
