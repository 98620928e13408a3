/**
 * Profile Settings (spec section 2): phone number (read-only), role badge,
 * photo or placeholder, Name and Email Address, "Save Changes". Needs only
 * sign-in. Photo upload and removal come in a later issue.
 *
 * Saving sends the trimmed name and email, leaving out an empty one (spec
 * section 5), then replaces the stored user so the header follows at once.
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import { Avatar } from "../components/Avatar.tsx";
import { Guard, Loading } from "../components/Guard.tsx";
import { RoleBadge } from "../components/RoleBadge.tsx";
import { api, ApiError, getUser, saveAuth, type SignedInUser } from "../lib/auth_client.ts";
import { formatPhone } from "../lib/phone.ts";
import type { Role } from "../lib/roles.ts";

export interface ProfileSettingsProps {
  tenant: string;
}

export const SAVED_TEXT = "Profile updated successfully!";
export const SAVE_ERROR = "Failed to update profile";
export const LOAD_ERROR = "Your profile could not be loaded. Please try again.";

/** The PUT /api/users/profile body: trimmed values, empty ones left out. */
export function profilePayload(name: string, email: string): { name?: string; email?: string } {
  const payload: { name?: string; email?: string } = {};
  if (name.trim()) payload.name = name.trim();
  if (email.trim()) payload.email = email.trim();
  return payload;
}

export default function ProfileSettings({ tenant }: ProfileSettingsProps) {
  return <Guard tenant={tenant}>{(roles) => <ProfileForm tenant={tenant} roles={roles} />}</Guard>;
}

type Loaded = { status: "loading" } | { status: "ready"; user: SignedInUser } | { status: "error" };
type Saving = { status: "idle" } | { status: "saving" } | { status: "saved" } | { status: "error"; text: string };

function ProfileForm({ tenant, roles }: { tenant: string; roles: Role[] }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [saving, setSaving] = useState<Saving>({ status: "idle" });
  const id = useId();

  useEffect(() => {
    let live = true;
    api<{ user?: SignedInUser }>("/api/users/profile", { tenant }).then(
      (data) => {
        // Some answers may be the bare user; the contract says { user }.
        const user = data?.user ?? getUser();
        if (!live) return;
        if (!user) return setLoaded({ status: "error" });
        setLoaded({ status: "ready", user });
        setName(user.name ?? "");
        setEmail(user.email ?? "");
      },
      () => live && setLoaded({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [tenant]);

  /** Typing again hides the last save's message. */
  function edit(set: (value: string) => void, value: string) {
    set(value);
    if (saving.status === "saved" || saving.status === "error") setSaving({ status: "idle" });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.status === "saving") return;
    setSaving({ status: "saving" });
    try {
      const data = await api<{ user: SignedInUser; token?: string }>("/api/users/profile", {
        method: "PUT",
        body: profilePayload(name, email),
        tenant,
      });
      saveAuth(data.token ?? null, data.user);
      setLoaded({ status: "ready", user: data.user });
      setName(data.user.name ?? "");
      setEmail(data.user.email ?? "");
      setSaving({ status: "saved" });
    } catch (err) {
      // The server's own words when it sent some (e.g. a bad email), else the spec's text.
      const text = err instanceof ApiError && err.serverError ? err.serverError : SAVE_ERROR;
      setSaving({ status: "error", text });
    }
  }

  if (loaded.status === "loading") return <Loading text="Loading profile..." />;
  if (loaded.status === "error") return <p className="notice notice--error" role="alert">{LOAD_ERROR}</p>;
  const { user } = loaded;
  const busy = saving.status === "saving";
  return (
    <section className="panel profile" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Profile Settings</h1>
      <div className="profile__head">
        <Avatar name={user.name} photoUrl={user.photoUrl} size="large" />
        <div className="profile__who">
          <p className="profile__name">{user.name?.trim() || formatPhone(user.phoneNumber)}</p>
          <RoleBadge roles={roles} />
        </div>
      </div>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone Number</label>
          <input
            id={`${id}-phone`}
            type="tel"
            value={formatPhone(user.phoneNumber)}
            readOnly
            aria-describedby={`${id}-phone-hint`}
          />
          <p id={`${id}-phone-hint`} className="field__hint">You sign in with this number; it can't be changed here.</p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => edit(setName, e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email Address</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => edit(setEmail, e.currentTarget.value)}
          />
        </div>
        {saving.status === "saved" && <p className="notice notice--success" role="status">{SAVED_TEXT}</p>}
        {saving.status === "error" && <p className="notice notice--error" role="alert">{saving.text}</p>}
        <button type="submit" className="button button--large" disabled={busy}>
          {busy ? "Saving..." : "Save Changes"}
        </button>
      </form>
    </section>
  );
}
