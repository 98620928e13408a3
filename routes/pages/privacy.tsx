import { Layout } from "../../components/Layout.tsx";
import type { Site } from "../../components/site.ts";

export const POLICY_EFFECTIVE = "August 6, 2025";

/** Privacy policy (spec section 1: phone use, no marketing, message rates, effective date). */
export function PrivacyPage({ site }: { site: Site }) {
  const operator = site.tenant?.name ?? "the organisation that runs your shuttle service";
  return (
    <Layout site={site}>
      <h1>Privacy Policy</h1>
      <p className="muted">Effective date: {POLICY_EFFECTIVE}</p>
      <p>
        This policy explains what Hopper collects when you use a shuttle service run on it, why, and what choices you
        have. The service you use is run by{" "}
        {operator}, which sees the information described here for its own riders and drivers.
      </p>

      <h2>Your phone number</h2>
      <p>
        You sign in with your mobile phone number. We use it only to send you one-time passcode messages to sign in, and
        to answer HELP and STOP requests. We do not send marketing messages, and we do not share or sell your phone
        number to anyone for marketing. Message and data rates may apply. Reply STOP to stop messages or HELP for help.
      </p>
      <p>
        Your number is also shown to the driver of a ride you request, and a driver's number to the rider, so you can
        reach each other during that ride.
      </p>

      <h2>What else we collect</h2>
      <ul>
        <li>Your name, email address and profile photo, if you choose to add them.</li>
        <li>
          The pickup point and destination of each ride you request, its passenger count and the times it moves through
          its stages.
        </li>
        <li>For drivers: your location while you are online, so riders and dispatchers can see the shuttle.</li>
        <li>Technical records such as request logs and error reports, kept to run and secure the service.</li>
      </ul>

      <h2>How we use it</h2>
      <p>
        Only to run the shuttle service: to sign you in, match rides with drivers, show a ride's progress, let the
        organisation manage its service, and find and fix problems. We do not use your information for advertising.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Sign-in codes expire after 10 minutes. Sessions end after 30 days or when you sign out. Ride history is kept by
        the organisation for its records and can be deleted on request.
      </p>

      <h2>Your choices</h2>
      <p>
        You can change or remove your name, email and photo at any time in Profile Settings. To have your account
        deleted, <a href={`${site.base}/contact`}>contact us</a>.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about this policy: <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
      </p>
    </Layout>
  );
}
