import { Island } from "../../components/Island.tsx";
import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";
import { useT } from "../../components/texts.tsx";
import ContactForm from "../../islands/ContactForm.tsx";
import { formatPhone, telHref } from "../../lib/phone.ts";

export function ContactPage({ site }: { site: Site }) {
  const t = useT();
  return (
    <Layout site={site}>
      <h1>{t("Contact us")}</h1>
      {(site.tenant?.contactEmail || site.tenant?.contactPhone) && (
        <section className="contact-card" aria-labelledby="tenant-contact">
          <h2 id="tenant-contact">{t("Reach {name}", { name: site.tenant.name })}</h2>
          <ul>
            {site.tenant.contactPhone && (
              <li>
                {t("Phone")}: <a href={telHref(site.tenant.contactPhone)}>{formatPhone(site.tenant.contactPhone)}</a>
              </li>
            )}
            {site.tenant.contactEmail && (
              <li>
                {t("Email")}: <a href={`mailto:${site.tenant.contactEmail}`}>{site.tenant.contactEmail}</a>
              </li>
            )}
          </ul>
        </section>
      )}
      <p className="lead">
        {t(
          "Want a shuttle service for your town, campus or workplace, or have a question about a ride? Send us a message and we'll get back to you within 1-2 business days.",
        )}
      </p>
      <Island
        name="ContactForm"
        component={ContactForm}
        props={{ contactEmail: site.contactEmail, tenant: site.tenant?.code }}
      />
      <p className="muted">
        {t.rich("You can also email us directly at {email}.", {
          email: <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>,
        })}
      </p>
    </Layout>
  );
}
