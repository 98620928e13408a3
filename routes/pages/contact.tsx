import { Island } from "../../components/Island.tsx";
import { Layout } from "../../components/Layout.tsx";
import type { Site } from "../../components/site.ts";
import { useT } from "../../components/texts.tsx";
import ContactForm from "../../islands/ContactForm.tsx";

export function ContactPage({ site }: { site: Site }) {
  const t = useT();
  return (
    <Layout site={site}>
      <h1>{t("Contact us")}</h1>
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
