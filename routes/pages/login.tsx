import { Island } from "../../components/Island.tsx";
import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";
import { useT } from "../../components/texts.tsx";
import LoginForm from "../../islands/LoginForm.tsx";

/** /login and /{tenant}/login: the sign-in island, welcoming to the tenant (or to Hopper). */
export function LoginPage({ site }: { site: Site }) {
  const t = useT();
  return (
    <Layout site={site} loginLink={false}>
      <div className="login">
        <Island
          name="LoginForm"
          component={LoginForm}
          props={{
            tenant: site.tenant &&
              { code: site.tenant.code, name: site.tenant.name, inviteOnly: site.tenant.inviteOnly },
          }}
        />
        <noscript>
          <p className="notice notice--error">
            {t("Signing in needs JavaScript. Please turn it on and reload this page.")}
          </p>
        </noscript>
      </div>
    </Layout>
  );
}
