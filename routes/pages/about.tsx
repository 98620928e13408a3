import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";
import { useT } from "../../components/texts.tsx";

export function AboutPage({ site }: { site: Site }) {
  const t = useT();
  const who = site.tenant?.name;
  return (
    <Layout site={site}>
      <h1>{who ? t("About {name} on Hopper", { name: who }) : t("About Hopper")}</h1>
      {who && (
        <p className="lead">
          {t(
            "{name} runs its on-demand shuttle with Hopper. Sign in with your phone, drop a pin inside the service area and a driver comes to pick you up.",
            { name: who },
          )}
        </p>
      )}
      <p>
        {t(
          "Hopper is an open-source platform that lets organizations (towns, campuses, hospitals and employers) run their own branded on-demand shuttle service. Riders request a pickup from their phone, drivers see requests live and move each ride through its stages, and administrators manage trips, people and the weekly schedule.",
        )}
      </p>
      <h2>{t("How it works")}</h2>
      <ul>
        <li>
          {t(
            "Each organization has its own web address, its own riders and drivers, its schedule and its service area.",
          )}
        </li>
        <li>{t("You sign in with your mobile number and a 4-digit code we text you. There is no password.")}</li>
        <li>
          {t(
            "You pick your pickup point and destination on a map inside the service area, and follow your ride live.",
          )}
        </li>
      </ul>
      <h2>{t("Get in touch")}</h2>
      <p>
        {t.rich("Questions, or interested in a shuttle service for your community? {contact}.", {
          contact: <a href={`${site.base}/contact`}>{t("Contact us")}</a>,
        })}
      </p>
    </Layout>
  );
}
