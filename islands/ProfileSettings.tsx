/**
 * Profile Settings (spec section 2): phone number (read-only), role badge,
 * photo or placeholder with "Upload New Photo" and "Remove Photo", Name and
 * Email Address, "Save Changes"; and whether to be texted about rides
 * and standing accessibility needs, each saved as soon
 * as it is ticked; "Download my data" and "Delete my account"
 * (components/profile/). Needs only sign-in.
 *
 * Saving sends the trimmed name and email, leaving out an empty one (spec
 * section 5). A new photo is first drawn small and upright in the browser
 * (browser/downscale_photo.ts), then uploaded; the server checks it again.
 * Every answer's user replaces the stored one, so the header follows at once.
 * One action runs at a time, so a late answer never undoes a newer one.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useDomId } from "../components/dom_id.ts";
import { Avatar } from "../components/Avatar.tsx";
import { Guard, Loading } from "../components/Guard.tsx";
import { ImageButtons } from "../components/ImageButtons.tsx";
import { NeedsChecks } from "../components/NeedsChecks.tsx";
import { RoleBadge } from "../components/RoleBadge.tsx";
import { AccountDeleted, DeleteAccount } from "../components/profile/DeleteAccount.tsx";
import { MyData } from "../components/profile/MyData.tsx";
import { useT } from "../components/texts.tsx";
import { api, ApiError, getUser, saveAuth, type SignedInUser } from "../browser/auth_client.ts";
import { downscaleForUpload } from "../browser/downscale_photo.ts";
import { INVALID_TYPE_TEXT, PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, TOO_LARGE_TEXT } from "../lib/images/rules.ts";
import { formatPhone } from "../lib/phone.ts";
import type { Need } from "../lib/needs.ts";
import type { Role } from "../lib/roles.ts";

export interface ProfileSettingsProps {
  tenant: string;
}

/** The PUT /api/users/profile body: trimmed values, empty ones left out. */
export function profilePayload(name: string, email: string): { name?: string; email?: string } {
  const payload: { name?: string; email?: string } = {};
  if (name.trim()) payload.name = name.trim();
  if (email.trim()) payload.email = email.trim();
  return payload;
}

/**
 * What to upload for a chosen file: the browser's small upright copy, else the
 * file itself; or the spec's text when it can be refused here. The server
 * judges by the bytes, so the declared type is only a first filter.
 */
export async function photoToUpload(file: File): Promise<{ file: File } | { error: string }> {
  if (file.type && !file.type.startsWith("image/")) return { error: INVALID_TYPE_TEXT };
  const small = await downscaleForUpload(file);
  if (small) return { file: small };
  // This browser could not read it: send it as it is when the rules allow.
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return { error: INVALID_TYPE_TEXT };
  if (file.size > PHOTO_MAX_BYTES) return { error: TOO_LARGE_TEXT };
  return { file };
}

export default function ProfileSettings({ tenant }: ProfileSettingsProps) {
  return <Guard tenant={tenant}>{(roles) => <ProfileForm tenant={tenant} roles={roles} />}</Guard>;
}

type Loaded =
  | { status: "loading" }
  | { status: "ready"; user: SignedInUser }
  | { status: "error" }
  /** The account is gone and this device signed out. */
  | { status: "deleted" };
type Busy = "idle" | "saving" | "uploading" | "removing";
/** The last action's outcome, shown beside the part of the screen it concerns. */
type Notice = { area: "photo" | "form" | "texts" | "needs"; kind: "success" | "error"; text: string } | null;

/** The server's own words when it sent some (e.g. a bad email), else the screen's text. */
function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverError ? err.serverError : fallback;
}

function ProfileForm({ tenant, roles }: { tenant: string; roles: Role[] }) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState<Busy>("idle");
  const [notice, setNotice] = useState<Notice>(null);
  const id = useDomId();

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

  /** Stores the answer's user (the header listens) and shows it here. */
  function accept(data: { user: SignedInUser; token?: string }) {
    saveAuth(data.token ?? null, data.user);
    setLoaded({ status: "ready", user: data.user });
  }

  /** Typing again hides the last save's message. */
  function edit(set: (value: string) => void, value: string) {
    set(value);
    if (notice?.area === "form") setNotice(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy !== "idle") return;
    setBusy("saving");
    setNotice(null);
    try {
      const data = await api<{ user: SignedInUser; token?: string }>("/api/users/profile", {
        method: "PUT",
        body: profilePayload(name, email),
        tenant,
      });
      accept(data);
      setName(data.user.name ?? "");
      setEmail(data.user.email ?? "");
      setNotice({ area: "form", kind: "success", text: t("Profile updated successfully!") });
    } catch (err) {
      setNotice({ area: "form", kind: "error", text: errorText(err, t("Failed to update profile")) });
    } finally {
      setBusy("idle");
    }
  }

  async function onFile(chosen: File) {
    setBusy("uploading");
    setNotice(null);
    try {
      const prepared = await photoToUpload(chosen);
      if ("error" in prepared) {
        setNotice({ area: "photo", kind: "error", text: prepared.error });
        return;
      }
      const body = new FormData();
      body.set("image", prepared.file);
      const data = await api<{ imageUrl: string; user: SignedInUser; token?: string }>(
        "/api/users/profile/image-upload",
        { method: "POST", body, tenant },
      );
      accept(data);
      setNotice({ area: "photo", kind: "success", text: t("Profile image updated successfully!") });
    } catch (err) {
      setNotice({ area: "photo", kind: "error", text: errorText(err, t("Failed to upload image")) });
    } finally {
      setBusy("idle");
    }
  }

  async function removePhoto() {
    if (busy !== "idle") return;
    setBusy("removing");
    setNotice(null);
    try {
      accept(
        await api<{ user: SignedInUser; token?: string }>("/api/users/profile", {
          method: "PUT",
          body: { photoUrl: null },
          tenant,
        }),
      );
      setNotice({ area: "photo", kind: "success", text: t("Profile image removed successfully!") });
    } catch (err) {
      setNotice({ area: "photo", kind: "error", text: errorText(err, t("Failed to remove image")) });
    } finally {
      setBusy("idle");
    }
  }

  /**
   * A setting saved as soon as it is ticked, as a phone's settings are: ride
   * texts on or off, the standing needs.
   */
  async function saveAtOnce(
    body: { rideTexts: boolean } | { textsWithPush: boolean } | { needs: Need[] },
    area: "texts" | "needs",
    done: string,
  ) {
    if (busy !== "idle") return;
    setBusy("saving");
    setNotice(null);
    try {
      accept(await api<{ user: SignedInUser; token?: string }>("/api/users/profile", { method: "PUT", body, tenant }));
      setNotice({ area, kind: "success", text: done });
    } catch (err) {
      setNotice({ area, kind: "error", text: errorText(err, t("Failed to update profile")) });
    } finally {
      setBusy("idle");
    }
  }
  const setRideTexts = (on: boolean) =>
    saveAtOnce({ rideTexts: on }, "texts", on ? t("Ride texts turned on.") : t("Ride texts turned off."));
  const setTextsWithPush = (on: boolean) =>
    saveAtOnce(
      { textsWithPush: on },
      "texts",
      on ? t("Texts with alerts turned on.") : t("Texts with alerts turned off."),
    );
  const setNeeds = (needs: Need[]) => saveAtOnce({ needs }, "needs", t("Accessibility needs saved."));

  if (loaded.status === "loading") return <Loading text={t("Loading profile...")} />;
  if (loaded.status === "deleted") return <AccountDeleted tenant={tenant} />;
  if (loaded.status === "error") {
    return (
      <p className="notice notice--error" role="alert">{t("Your profile could not be loaded. Please try again.")}</p>
    );
  }
  const { user } = loaded;
  const idle = busy === "idle";
  const shown = (area: NonNullable<Notice>["area"]) =>
    notice?.area === area && (
      <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
        {notice.text}
      </p>
    );
  return (
    <section className="panel profile" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t("Profile Settings")}</h1>
      <div className="profile__head">
        <div className="profile__photo" aria-busy={busy === "uploading" || busy === "removing"}>
          <Avatar name={user.name} photoUrl={user.photoUrl} size="large" />
        </div>
        <div className="profile__who">
          <p className="profile__name">{user.name?.trim() || formatPhone(user.phoneNumber)}</p>
          <RoleBadge roles={roles} />
        </div>
      </div>
      <div className="profile__photo-panel" role="group" aria-labelledby={`${id}-photo`}>
        <p id={`${id}-photo`} className="profile__photo-title">{t("Profile Photo")}</p>
        <div className="profile__photo-actions">
          <ImageButtons
            busy={busy}
            upload={t("Upload New Photo")}
            remove={user.photoUrl ? t("Remove Photo") : null}
            onRemove={removePhoto}
            hintId={`${id}-photo-hint`}
            accept={PHOTO_MIME_TYPES}
            fileLabel={t("Profile photo file")}
            onFile={onFile}
          />
        </div>
        <p id={`${id}-photo-hint`} className="field__hint">
          {t("JPEG, PNG, WebP or GIF, up to 5 MB. Photos are cropped to a square and resized automatically.")}
        </p>
        {shown("photo")}
      </div>
      <form className="form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t("Phone Number")}</label>
          <input
            id={`${id}-phone`}
            type="tel"
            value={formatPhone(user.phoneNumber)}
            readOnly
            aria-describedby={`${id}-phone-hint`}
          />
          <p id={`${id}-phone-hint`} className="field__hint">
            {t("You sign in with this number; it can't be changed here.")}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t("Name")}</label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => edit(setName, e.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t("Email Address")}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => edit(setEmail, e.currentTarget.value)}
          />
        </div>
        {shown("form")}
        <button type="submit" className="button button--large" disabled={!idle}>
          {busy === "saving" ? t("Saving...") : t("Save Changes")}
        </button>
      </form>
      <div className="profile__texts" role="group" aria-labelledby={`${id}-texts`}>
        <p id={`${id}-texts`} className="profile__photo-title">{t("Ride texts")}</p>
        <label className="profile__check">
          <input
            type="checkbox"
            checked={user.rideTexts !== false}
            disabled={!idle}
            aria-describedby={`${id}-texts-hint`}
            onChange={(e) => setRideTexts(e.currentTarget.checked)}
          />
          <span>{t("Text me when a driver accepts my ride and as it arrives")}</span>
        </label>
        <p id={`${id}-texts-hint`} className="field__hint">
          {t("Texts come from the service's number. Reply STOP at any time to stop all texts.")}
        </p>
        <label className="profile__check">
          <input
            type="checkbox"
            checked={user.textsWithPush === true}
            disabled={!idle || user.rideTexts === false}
            aria-describedby={`${id}-push-hint`}
            onChange={(e) => setTextsWithPush(e.currentTarget.checked)}
          />
          <span>{t("Also text me when a device of mine gets the alert")}</span>
        </label>
        <p id={`${id}-push-hint`} className="field__hint">
          {t("Devices with ride alerts on get each notice instead of a text.")}
        </p>
        {shown("texts")}
      </div>
      <div className="profile__texts" role="group" aria-labelledby={`${id}-needs`}>
        <p id={`${id}-needs`} className="profile__photo-title">{t("Accessibility needs")}</p>
        <p className="field__hint">
          {t(
            "Drivers see these first on each ride you request. You can change them for one ride when you request it.",
          )}
        </p>
        <NeedsChecks needs={user.needs ?? []} disabled={!idle} onChange={setNeeds} />
        {shown("needs")}
      </div>
      <MyData tenant={tenant} disabled={!idle} />
      <DeleteAccount
        tenant={tenant}
        phone={user.phoneNumber}
        disabled={!idle}
        onDeleted={() => setLoaded({ status: "deleted" })}
      />
    </section>
  );
}
