import { Layout } from "../../components/Layout.tsx";
import type { Site } from "../../components/site.ts";

export function AboutPage({ site }: { site: Site }) {
  const who = site.tenant?.name;
  return (
    <Layout site={site}>
      <h1>About {who ? `${who} on Hopper` : "Hopper"}</h1>
      {who && (
        <p className="lead">
          {who}{" "}
          runs its on-demand shuttle with Hopper. Sign in with your phone, drop a pin inside the service area and a
          driver comes to pick you up.
        </p>
      )}
      <p>
        Hopper is an open-source platform that lets organisations (towns, campuses, hospitals and employers) run their
        own branded on-demand shuttle service. Riders request a pickup from their phone, drivers see requests live and
        move each ride through its stages, and administrators manage trips, people and the weekly schedule.
      </p>
      <h2>How it works</h2>
      <ul>
        <li>
          Each organisation has its own web address, its own riders and drivers, its schedule and its service area.
        </li>
        <li>You sign in with your mobile number and a 4-digit code we text you. There is no password.</li>
        <li>You pick your pickup point and destination on a map inside the service area, and follow your ride live.</li>
      </ul>
      <h2>Get in touch</h2>
      <p>
        Questions, or interested in a shuttle service for your community?{" "}
        <a href={`${site.base}/contact`}>
          Contact us
        </a>.
      </p>
    </Layout>
  );
}
