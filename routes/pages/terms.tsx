import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";
import { useT } from "../../components/texts.tsx";
import { effectiveDate } from "./privacy.tsx";

export function TermsPage({ site }: { site: Site }) {
  const t = useT();
  const operator = site.tenant?.name ?? t("the organization that runs it");
  return (
    <Layout site={site}>
      <h1>{t("Terms of Service")}</h1>
      <p className="muted">{effectiveDate(t)}</p>
      <p>
        {t.rich(
          "These terms apply when you use a shuttle service run on Hopper. Each service is operated by {operator}; Hopper provides the software it runs on. By signing in you agree to these terms and to our {privacy}.",
          { operator, privacy: <a href={`${site.base}/privacy`}>{t("Privacy Policy")}</a> },
        )}
      </p>

      <h2>{t("Your account")}</h2>
      <p>
        {t(
          "You sign in with a mobile number you control and a one-time code we text to it. Keep your phone secure: anyone who can read your messages can sign in as you. Message and data rates may apply. Reply STOP to stop messages or HELP for help.",
        )}
      </p>

      <h2>{t("Requesting rides")}</h2>
      <ul>
        <li>
          {t("Rides are available inside the service's area and during its published hours, while drivers are online.")}
        </li>
        <li>{t("A request is not a guarantee: a ride may be declined, delayed or canceled.")}</li>
        <li>
          {t(
            "Request one ride at a time, for no more than 5 passengers, and be at your pickup point when the driver arrives.",
          )}
        </li>
        <li>{t("Cancel a ride you no longer need so the driver can help someone else.")}</li>
      </ul>

      <h2>{t("Conduct")}</h2>
      <p>
        {t(
          "Treat drivers and other riders with respect and follow the driver's instructions and the law. Do not misuse the service, interfere with it, or try to reach accounts or data that are not yours. The operator may suspend accounts that break these terms.",
        )}
      </p>

      <h2>{t("Drivers and administrators")}</h2>
      <p>
        {t(
          "Drivers and administrators are appointed by the operator and use the service to carry out their work. Riders' phone numbers and locations are shown to them only to deliver rides and may not be used for anything else.",
        )}
      </p>

      <h2>{t("Liability")}</h2>
      <p>
        {t(
          "The software is provided as is. To the extent the law allows, Hopper is not liable for losses arising from the use of the service; the operator is responsible for the rides it provides.",
        )}
      </p>

      <h2>{t("Changes")}</h2>
      <p>{t("We may update these terms. The effective date above shows when they last changed.")}</p>

      <h2>{t("Contact")}</h2>
      <p>
        {t.rich("Questions about these terms: {email}.", {
          email: <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>,
        })}
      </p>
    </Layout>
  );
}
