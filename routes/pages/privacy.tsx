import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";
import { type T, useT } from "../../components/texts.tsx";
import { LOCALES } from "../../lib/i18n/lang.ts";

/** The policies' effective date (August 6, 2025), written as the page's language writes dates. */
const POLICY_EFFECTIVE = Date.UTC(2025, 7, 6);

export function effectiveDate(t: T): string {
  const date = new Intl.DateTimeFormat(LOCALES[t.lang], { dateStyle: "long", timeZone: "UTC" }).format(
    POLICY_EFFECTIVE,
  );
  return t("Effective date: {date}", { date });
}

/**
 * Privacy policy (spec section 1: phone use, no marketing, message rates, effective date), and how people
 * download their data and delete their account.
 */
export function PrivacyPage({ site }: { site: Site }) {
  const t = useT();
  const operator = site.tenant?.name ?? t("the organization that runs your shuttle service");
  const contactLink = <a href={`${site.base}/contact`}>{t("contact us")}</a>;
  const mail = <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>;
  // Under an organisation, its Profile Settings page; on the public site there is none to link.
  const settings = site.tenant
    ? <a href={`${site.base}/profile`}>{t("Profile Settings")}</a>
    : <strong>{t("Profile Settings")}</strong>;
  return (
    <Layout site={site}>
      <h1>{t("Privacy Policy")}</h1>
      <p className="muted">{effectiveDate(t)}</p>
      <p>
        {t(
          "This policy explains what Hopper collects when you use a shuttle service run on it, why, and what choices you have. The service you use is run by {operator}, which sees the information described here for its own riders and drivers.",
          { operator },
        )}
      </p>

      <h2>{t("Your phone number")}</h2>
      <p>
        {t(
          "You sign in with your mobile phone number. We use it only to send you one-time passcode messages to sign in, and to answer HELP and STOP requests. We do not send marketing messages, and we do not share or sell your phone number to anyone for marketing. Message and data rates may apply. Reply STOP to stop messages or HELP for help.",
        )}
      </p>
      <p>
        {t(
          "Your number is also shown to the driver of a ride you request, and a driver's number to the rider, so you can reach each other during that ride.",
        )}
      </p>

      <h2>{t("What else we collect")}</h2>
      <ul>
        <li>{t("Your name, email address and profile photo, if you choose to add them.")}</li>
        <li>
          {t(
            "The pickup point and destination of each ride you request, its passenger count and the times it moves through its stages.",
          )}
        </li>
        <li>{t("For drivers: your location while you are online, so riders and dispatchers can see the shuttle.")}</li>
        <li>{t("Technical records such as request logs and error reports, kept to run and secure the service.")}</li>
      </ul>

      <h3>{t("Ride alerts on your device")}</h3>
      <p>
        {t(
          "If you turn on ride alerts, your browser gives us an address at its push service (Google, Apple, Mozilla or Microsoft, depending on the browser) and keys to encrypt messages for that device. Each alert carries the organization's name, the words of the ride text (your driver's name, the arrival time) and the address of the ride's screen, encrypted so the push service cannot read it. We keep up to five devices, remove a device when its push service says it is gone, and Download my data lists them; deleting your account removes them.",
        )}
      </p>

      <h2>{t("How we use it")}</h2>
      <p>
        {t(
          "Only to run the shuttle service: to sign you in, match rides with drivers, show a ride's progress, let the organization manage its service, and find and fix problems. We do not use your information for advertising.",
        )}
      </p>

      <h2>{t("How long we keep it")}</h2>
      <p>
        {t(
          "Sign-in codes expire after 10 minutes. Sessions end after 30 days or when you sign out. Ride history is kept by the organization for its records; once you delete your account, it no longer shows your name or phone number.",
        )}
      </p>

      <h2>{t("Your choices")}</h2>
      <p>
        {t.rich("You can change or remove your name, email and photo at any time in {settings}.", { settings })}
      </p>

      <h3>{t("Download your data")}</h3>
      <p>
        {t.rich(
          "In {settings}, Download my data gives you a file with your profile, your organizations and roles, every ride you took or drove with its times, your ratings and your language and text settings. It holds nobody else's details: not the name or number of the other person on a ride.",
          { settings },
        )}
      </p>

      <h3>{t("Delete your account")}</h3>
      <p>
        {t.rich(
          "In {settings}, Delete my account asks you to type the last four digits of your phone number. It then cancels any ride under way or booked (the driver is told at once), signs you out on every device, and removes your name, email, phone number, photo and memberships.",
          { settings },
        )}
      </p>
      <p>
        {t(
          "Your past rides stay in the organization's records for its statistics, shown as “Deleted rider” (or “Deleted driver”) with no name or phone number. If you replied STOP to our texts, that choice stays with the number. You can sign up again later with the same number, as a new person.",
        )}
      </p>
      <p>
        {t(
          "If an organization blocked you, or paused your ride requests after missed pickups, it keeps that against your phone number, not your account: deleting your account does not lift it, and it applies to whoever signs in there with the number again (a pause until its end). It is kept as a keyed fingerprint of the number, not the number itself, and Download my data lists it.",
        )}
      </p>
      <p>{t.rich("If you cannot sign in any more, {contact} and we will help.", { contact: contactLink })}</p>

      <h2>{t("Contact")}</h2>
      <p>{t.rich("Questions about this policy: {email}.", { email: mail })}</p>
    </Layout>
  );
}
