import { Island } from "../../components/Island.tsx";
import { Layout } from "../../components/Layout.tsx";
import type { Site } from "../../components/site.ts";
import ContactForm from "../../islands/ContactForm.tsx";

export function ContactPage({ site }: { site: Site }) {
  return (
    <Layout site={site}>
      <h1>Contact us</h1>
      <p className="lead">
        Want a shuttle service for your town, campus or workplace, or have a question about a ride? Send us a message
        and we'll get back to you within 1-2 business days.
      </p>
      <Island
        name="ContactForm"
        component={ContactForm}
        props={{ contactEmail: site.contactEmail, tenant: site.tenant?.code }}
      />
      <p className="muted">
        You can also email us directly at <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
      </p>
    </Layout>
  );
}
