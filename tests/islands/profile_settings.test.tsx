/** Profile Settings (spec section 2; section 5 name and email; section 8 profile texts) in happy-dom. */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import ProfileSettings from "../../islands/ProfileSettings.tsx";
import UserMenu from "../../islands/UserMenu.tsx";
import { AUTH_EVENT, getUser, type SignedInUser } from "../../browser/auth_client.ts";
import { INVALID_TYPE_TEXT, TOO_LARGE_TEXT } from "../../lib/images/rules.ts";
import { callsTo, json, makeUser, type Route, signedInTests, signIn, spyLocation, stubApi } from "./signed_in.ts";

signedInTests();

const SERVER_USER = makeUser({ name: "Ada King", email: "ada@analytical.org", phoneNumber: "8645550123" });

const PHOTO_URL = "/api/users/01USER0000000000000000000/photo?v=0123456789abcdef";

function setUp({ put, get, upload }: { put?: Route; get?: Route; upload?: Route } = {}) {
  signIn(makeUser({ name: "Old Name" }));
  return stubApi({
    roles: ["driver", "rider"],
    routes: {
      "GET /api/users/profile": get ?? (() => json({ user: SERVER_USER })),
      "PUT /api/users/profile": put ?? ((init) => json({ user: { ...SERVER_USER, ...JSON.parse(String(init.body)) } })),
      "POST /api/users/profile/image-upload": upload ??
        (() => json({ imageUrl: PHOTO_URL, user: { ...SERVER_USER, photoUrl: PHOTO_URL } })),
    },
  });
}

const nameField = () => screen.getByLabelText("Name") as HTMLInputElement;
const emailField = () => screen.getByLabelText("Email Address") as HTMLInputElement;

describe("ProfileSettings", () => {
  it("shows Loading profile... then the profile from the server", async () => {
    let answer!: (res: Response) => void;
    setUp({ get: () => new Promise<Response>((r) => answer = r) });
    const { container } = render(<ProfileSettings tenant="greer" />);
    expect(await screen.findByText("Loading profile...")).toBeDefined();
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    answer(json({ user: SERVER_USER }));
    expect(await screen.findByRole("heading", { name: "Profile Settings" })).toBeDefined();

    const phone = screen.getByLabelText("Phone Number") as HTMLInputElement;
    expect(phone.value).toBe("(864) 555-0123");
    expect(phone.readOnly).toBe(true);
    expect(nameField().value).toBe("Ada King");
    expect(emailField().value).toBe("ada@analytical.org");
    expect(emailField().type).toBe("email");
    expect(container.querySelector(".role-badge")?.textContent).toBe("Driver");
    expect(container.querySelector(".avatar--placeholder")?.textContent).toBe("AK");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeDefined();
    // No photo yet: one can be uploaded, none removed.
    expect(screen.getByRole("button", { name: "Upload New Photo" })).toBeDefined();
    expect(screen.queryByRole("button", { name: "Remove Photo" })).toBeNull();
  });

  it("shows the photo when the user has one, with Upload New Photo and Remove Photo", async () => {
    setUp({ get: () => json({ user: { ...SERVER_USER, photoUrl: "/photos/ada.webp" } }) });
    const { container } = render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    expect(container.querySelector("img.avatar")?.getAttribute("src")).toBe("/photos/ada.webp");
    expect(screen.getByRole("button", { name: "Upload New Photo" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Remove Photo" })).toBeDefined();
  });

  it("saves the trimmed name and email, says so and replaces the stored user at once", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    const events = vi.fn();
    addEventListener(AUTH_EVENT, events);
    fireEvent.change(nameField(), { target: { value: "  Ada Lovelace  " } });
    fireEvent.change(emailField(), { target: { value: " ada@example.org " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    expect((await screen.findByRole("status")).textContent).toBe("Profile updated successfully!");
    const [call] = callsTo(fetchMock, "PUT", "/api/users/profile");
    expect(JSON.parse(String(call[1]?.body))).toEqual({ name: "Ada Lovelace", email: "ada@example.org" });
    expect(new Headers(call[1]?.headers).get("authorization")).toBe("Bearer token-abc");
    expect(getUser()?.name).toBe("Ada Lovelace");
    expect(getUser()?.email).toBe("ada@example.org");
    expect(localStorage.getItem("authToken")).toBe("token-abc");
    expect(events).toHaveBeenCalled();
    removeEventListener(AUTH_EVENT, events);
  });

  it("turns ride texts off and on as soon as the box is ticked, and says so", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    const box = await screen.findByRole("checkbox", {
      name: "Text me when a driver accepts my ride and as it arrives",
    });
    // On until the person says otherwise (the server's user has no rideTexts: on).
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Texts come from the service's number. Reply STOP at any time to stop all texts."))
      .toBeDefined();
    fireEvent.click(box);
    expect((await screen.findByRole("status")).textContent).toBe("Ride texts turned off.");
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(getUser()?.rideTexts).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Ride texts turned on."));
    expect(callsTo(fetchMock, "PUT", "/api/users/profile").map(([, init]) => JSON.parse(String(init?.body))))
      .toEqual([{ rideTexts: false }, { rideTexts: true }]);
  });

  it("texts as well as ride alerts only when the person ticks it, and not with ride texts off", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    const both = await screen.findByRole("checkbox", { name: "Also text me when a device of mine gets the alert" });
    expect((both as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText("Devices with ride alerts on get each notice instead of a text.")).toBeDefined();
    fireEvent.click(both);
    expect((await screen.findByRole("status")).textContent).toBe("Texts with alerts turned on.");
    expect((both as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Text me when a driver accepts my ride and as it arrives" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Ride texts turned off."));
    expect((both as HTMLInputElement).disabled).toBe(true);
    expect(callsTo(fetchMock, "PUT", "/api/users/profile").map(([, init]) => JSON.parse(String(init?.body))))
      .toEqual([{ textsWithPush: true }, { rideTexts: false }]);
  });

  it("leaves an empty name or email out of the payload", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.change(nameField(), { target: { value: "   " } });
    fireEvent.change(emailField(), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Profile updated successfully!");
    const [call] = callsTo(fetchMock, "PUT", "/api/users/profile");
    expect(JSON.parse(String(call[1]?.body))).toEqual({});
  });

  it("shows Saving... on a disabled button while saving", async () => {
    let answer!: (res: Response) => void;
    setUp({ put: () => new Promise<Response>((r) => answer = r) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const button = await screen.findByRole("button", { name: "Saving..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    act(() => answer(json({ user: SERVER_USER })));
    expect(await screen.findByRole("button", { name: "Save Changes" })).toBeDefined();
  });

  it("shows the server's error text when it gives one, and keeps the stored user", async () => {
    setUp({ put: () => json({ error: "Please enter a valid email address" }, 400) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.change(emailField(), { target: { value: "ada@nowhere" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter a valid email address");
    expect(screen.queryByText("Profile updated successfully!")).toBeNull();
    expect((getUser() as SignedInUser).name).toBe("Old Name");
    expect(emailField().value).toBe("ada@nowhere");
  });

  it("shows Failed to update profile when the request fails without a reason", async () => {
    setUp({ put: () => Promise.reject(new TypeError("Failed to fetch")) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update profile");
  });

  it("sends a signed-out visitor to the login page", async () => {
    const loc = spyLocation();
    stubApi({ roles: ["rider"] });
    render(<ProfileSettings tenant="greer" />);
    await waitFor(() => expect(loc.replace).toHaveBeenCalledWith("/greer/login"));
    expect(screen.queryByLabelText("Name")).toBeNull();
  });
});

const fileInput = () => screen.getByLabelText("Profile photo file") as HTMLInputElement;
const jpeg = (size = 2048, name = "camera.jpg", type = "image/jpeg") =>
  new File([new Uint8Array(size).fill(0xff)], name, { type });

/** Chooses `file` in the hidden picker the Upload New Photo button opens. */
function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

/** The image part of the one upload made. */
function uploaded(fetchMock: ReturnType<typeof setUp>): File {
  const calls = callsTo(fetchMock, "POST", "/api/users/profile/image-upload");
  expect(calls).toHaveLength(1);
  const body = calls[0][1]?.body;
  expect(body).toBeInstanceOf(FormData);
  return (body as FormData).get("image") as File;
}

function deferred() {
  let answer!: (res: Response) => void;
  const promise = new Promise<Response>((r) => answer = r);
  return { route: () => promise, answer };
}

describe("ProfileSettings photo", () => {
  it("Upload New Photo opens a picker of the four image types", async () => {
    setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    const click = vi.spyOn(fileInput(), "click");
    fireEvent.click(screen.getByRole("button", { name: "Upload New Photo" }));
    expect(click).toHaveBeenCalled();
    expect(fileInput().accept).toBe("image/jpeg,image/png,image/webp,image/gif");
  });

  it("uploads the chosen photo, says so, shows it and replaces the stored user at once", async () => {
    const fetchMock = setUp();
    const { container } = render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    const events = vi.fn();
    addEventListener(AUTH_EVENT, events);
    const file = jpeg();
    choose(file);

    expect((await screen.findByRole("status")).textContent).toBe("Profile image updated successfully!");
    // This browser (happy-dom) cannot draw it smaller, so the file goes as it is; the server checks it.
    expect(uploaded(fetchMock)).toBe(file);
    const [call] = callsTo(fetchMock, "POST", "/api/users/profile/image-upload");
    const headers = new Headers(call[1]?.headers);
    expect(headers.get("authorization")).toBe("Bearer token-abc");
    expect(headers.get("content-type")).toBeNull(); // the browser adds the multipart boundary
    expect(getUser()?.photoUrl).toBe(PHOTO_URL);
    expect(localStorage.getItem("authToken")).toBe("token-abc");
    expect(events).toHaveBeenCalled();
    expect(container.querySelector(".profile__photo img.avatar")?.getAttribute("src")).toBe(PHOTO_URL);
    expect(screen.getByRole("button", { name: "Remove Photo" })).toBeDefined();
    removeEventListener(AUTH_EVENT, events);
  });

  it("shows Uploading... and holds every button while the upload runs", async () => {
    const upload = deferred();
    setUp({ upload: upload.route });
    const { container } = render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    choose(jpeg());
    const button = await screen.findByRole("button", { name: "Uploading..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);
    expect(container.querySelector(".profile__photo")?.getAttribute("aria-busy")).toBe("true");
    act(() => upload.answer(json({ imageUrl: PHOTO_URL, user: { ...SERVER_USER, photoUrl: PHOTO_URL } })));
    expect(await screen.findByRole("button", { name: "Upload New Photo" })).toBeDefined();
    expect((screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(false);
    expect(container.querySelector(".profile__photo")?.getAttribute("aria-busy")).toBe("false");
  });

  it("shows the server's refusal text and keeps the stored user", async () => {
    setUp({ upload: () => json({ error: INVALID_TYPE_TEXT }, 415) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    choose(jpeg());
    expect((await screen.findByRole("alert")).textContent).toBe(INVALID_TYPE_TEXT);
    expect(getUser()?.name).toBe("Old Name");
    expect(getUser()?.photoUrl).toBeNull();
  });

  it("shows Failed to upload image when the upload fails without a reason", async () => {
    setUp({ upload: () => Promise.reject(new TypeError("Failed to fetch")) });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    choose(jpeg());
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to upload image");
  });

  it("refuses a file that is no image without uploading it", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    choose(new File(["%PDF-1.7"], "cv.pdf", { type: "application/pdf" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Invalid file type. Please select a JPEG, PNG, WebP, or GIF image.",
    );
    expect(callsTo(fetchMock, "POST", "/api/users/profile/image-upload")).toHaveLength(0);
  });

  it("refuses a file over 5 MB that the browser cannot shrink, without uploading it", async () => {
    const fetchMock = setUp();
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    choose(jpeg(5 * 1024 * 1024 + 1));
    expect((await screen.findByRole("alert")).textContent).toBe(TOO_LARGE_TEXT);
    expect(TOO_LARGE_TEXT).toBe("File is too large. Please select an image smaller than 5MB.");
    expect(callsTo(fetchMock, "POST", "/api/users/profile/image-upload")).toHaveLength(0);
  });

  it("uploads a small upright copy drawn on a canvas when the browser can draw the photo", async () => {
    const fetchMock = setUp();
    const close = vi.fn();
    const bitmap = vi.fn(() => Promise.resolve({ width: 4000, height: 3000, close }));
    vi.stubGlobal("createImageBitmap", bitmap);
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(
      { drawImage } as unknown as CanvasRenderingContext2D,
    );
    const canvases: HTMLCanvasElement[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(function (this: HTMLCanvasElement, done, type) {
      canvases.push(this);
      done(new Blob([new Uint8Array(900)], { type: type ?? "image/png" }));
    });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    // 8 MB from the camera: too big to send, fine once drawn small.
    const original = jpeg(8 * 1024 * 1024);
    choose(original);

    await screen.findByText("Profile image updated successfully!");
    expect(bitmap).toHaveBeenCalledWith(original, { imageOrientation: "from-image" });
    expect([canvases[0].width, canvases[0].height]).toEqual([683, 512]);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 683, 512);
    expect(close).toHaveBeenCalled();
    const sent = uploaded(fetchMock);
    expect([sent.name, sent.type, sent.size]).toEqual(["photo.webp", "image/webp", 900]);
  });

  it("removes the photo, says so, shows the placeholder and replaces the stored user", async () => {
    const fetchMock = setUp({ get: () => json({ user: { ...SERVER_USER, photoUrl: PHOTO_URL } }) });
    const { container } = render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Remove Photo" }));
    expect((await screen.findByRole("status")).textContent).toBe("Profile image removed successfully!");
    const [call] = callsTo(fetchMock, "PUT", "/api/users/profile");
    expect(JSON.parse(String(call[1]?.body))).toEqual({ photoUrl: null });
    expect(container.querySelector(".profile__photo .avatar--placeholder")?.textContent).toBe("AK");
    expect(screen.queryByRole("button", { name: "Remove Photo" })).toBeNull();
    expect(getUser()?.photoUrl).toBeNull();
    expect(getUser()?.name).toBe("Ada King");
  });

  it("shows Removing... while removing", async () => {
    const put = deferred();
    setUp({ get: () => json({ user: { ...SERVER_USER, photoUrl: PHOTO_URL } }), put: put.route });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Remove Photo" }));
    const button = await screen.findByRole("button", { name: "Removing..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Upload New Photo" }) as HTMLButtonElement).disabled).toBe(true);
    act(() => put.answer(json({ user: SERVER_USER })));
    expect(await screen.findByText("Profile image removed successfully!")).toBeDefined();
  });

  it("shows the server's text, else Failed to remove image, when removal fails", async () => {
    setUp({
      get: () => json({ user: { ...SERVER_USER, photoUrl: PHOTO_URL } }),
      put: () => json({ error: "Something went wrong. Please try again." }, 500),
    });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Remove Photo" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong. Please try again.");
    cleanup();

    setUp({
      get: () => json({ user: { ...SERVER_USER, photoUrl: PHOTO_URL } }),
      put: () => new Response("Bad gateway", { status: 502 }),
    });
    render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.click(screen.getByRole("button", { name: "Remove Photo" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to remove image");
    expect(getUser()?.name).toBe("Old Name"); // the stored user is untouched
  });

  it("puts the new photo in the header at once", async () => {
    setUp();
    const { container } = render(
      <>
        <UserMenu tenant="greer" />
        <ProfileSettings tenant="greer" />
      </>,
    );
    await screen.findByLabelText("Name");
    expect(container.querySelector(".user-menu img")).toBeNull();
    choose(jpeg());
    await screen.findByText("Profile image updated successfully!");
    await waitFor(() => expect(container.querySelector(".user-menu img.avatar")?.getAttribute("src")).toBe(PHOTO_URL));
    expect(container.querySelector(".user-menu__name")?.textContent).toBe("Ada King");
  });

  it("falls back to the placeholder when the photo does not load", async () => {
    setUp({ get: () => json({ user: { ...SERVER_USER, photoUrl: PHOTO_URL } }) });
    const { container } = render(<ProfileSettings tenant="greer" />);
    await screen.findByLabelText("Name");
    fireEvent.error(container.querySelector(".profile__photo img")!);
    expect(container.querySelector(".profile__photo .avatar--placeholder")?.textContent).toBe("AK");
  });
});
