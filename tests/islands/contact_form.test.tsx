/**
 * The contact form island in happy-dom: what a visitor sees in each state
 * (idle, invalid, sending, sent, failed) and what it sends to the server and
 * to the mail client.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import ContactForm from "../../islands/ContactForm.tsx";

const SUCCESS = "Thank you for your message! We'll get back to you soon.";
const ERROR = "Sorry, there was an error sending your message. Please try again or email us directly.";
const CONTACT_EMAIL = "hello@hopper.test";

let fetchMock: Mock<typeof fetch>;
let assignMock: Mock<(url: string | URL) => void>;

/** Makes fetch answer every call with `status` (201 unless told). */
function answerWith(status: number) {
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify(status < 300 ? { id: "01TEST" } : { error: "boom" }), { status }))
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  answerWith(201);
  vi.stubGlobal("fetch", fetchMock);
  assignMock = vi.fn<(url: string | URL) => void>();
  vi.spyOn(globalThis.location, "assign").mockImplementation(assignMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = {
  name: () => screen.getByLabelText("Name") as HTMLInputElement,
  email: () => screen.getByLabelText("Email") as HTMLInputElement,
  organization: () => screen.getByLabelText("Organization (optional)") as HTMLInputElement,
  message: () => screen.getByLabelText("Message") as HTMLTextAreaElement,
};
const sendButton = () => screen.getByRole("button", { name: "Send Message" });

function fill(values: { name?: string; email?: string; organization?: string; message?: string }) {
  for (const [key, value] of Object.entries(values)) {
    fireEvent.change(field[key as keyof typeof field](), { target: { value } });
  }
}

const VALID = {
  name: "  Ada Lovelace ",
  email: " ada@example.org  ",
  message: "  We'd like a shuttle for our campus.\nAbout 200 riders a day. ",
};

/** The one request the form sent, with its body parsed. */
function sentRequest() {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0];
  return { url, init: init!, body: JSON.parse(String(init!.body)) };
}

describe("ContactForm", () => {
  it("starts idle with the four fields and the send button", () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    expect(field.name().tagName).toBe("INPUT");
    expect(field.name().required).toBe(true);
    expect(field.email().type).toBe("email");
    expect(field.email().required).toBe(true);
    expect(field.organization().required).toBe(false);
    expect(field.message().tagName).toBe("TEXTAREA");
    expect(field.message().required).toBe(true);
    expect(sendButton()).toBeDefined();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(SUCCESS)).toBeNull();
    expect(screen.queryByText(/is required/)).toBeNull();
  });

  it("shows each required field's error and sends nothing when submitted empty", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fireEvent.click(sendButton());
    expect(await screen.findByText("Name is required")).toBeDefined();
    expect(screen.getByText("Email is required")).toBeDefined();
    expect(screen.getByText("Message is required")).toBeDefined();
    expect(screen.queryByText(/Organization/, { selector: ".field__error" })).toBeNull();
    // The errors are tied to their fields for screen readers, and focus goes to the first one.
    expect(field.name().getAttribute("aria-invalid")).toBe("true");
    expect(field.name().getAttribute("aria-describedby")).toBe(screen.getByText("Name is required").id);
    expect(field.message().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field.name());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assignMock).not.toHaveBeenCalled();
  });

  it("treats whitespace-only fields as empty", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill({ name: "   ", email: "ada@example.org", message: " \n " });
    fireEvent.click(sendButton());
    expect(await screen.findByText("Name is required")).toBeDefined();
    expect(screen.getByText("Message is required")).toBeDefined();
    expect(screen.queryByText("Email is required")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("rejects an invalid email address", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill({ name: "Ada", email: "ada-at-example.org", message: "Hello" });
    fireEvent.click(sendButton());
    expect(await screen.findByText("Please enter a valid email address")).toBeDefined();
    expect(screen.queryByText("Name is required")).toBeNull();
    expect(screen.queryByText("Message is required")).toBeNull();
    expect(document.activeElement).toBe(field.email());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears the errors once the form is fixed and sent", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fireEvent.click(sendButton());
    await screen.findByText("Name is required");
    fill(VALID);
    let resolve!: (res: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => resolve = r));
    fireEvent.click(sendButton());
    await screen.findByRole("button", { name: "Sending..." });
    expect(screen.queryByText(/is required/)).toBeNull();
    resolve(new Response("{}", { status: 201 }));
    expect(await screen.findByText(SUCCESS)).toBeDefined();
  });

  it("shows Sending... on a disabled button while the request is pending", async () => {
    let resolve!: (res: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => resolve = r));
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill(VALID);
    fireEvent.click(sendButton());

    const button = await screen.findByRole("button", { name: "Sending..." }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Send Message" })).toBeNull();
    // A second click while sending does not send twice.
    fireEvent.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assignMock).not.toHaveBeenCalled();

    resolve(new Response("{}", { status: 201 }));
    expect(await screen.findByText(SUCCESS)).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("on success posts the trimmed inquiry, thanks the visitor and opens the mail client", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill({ ...VALID, organization: "   " });
    fireEvent.click(sendButton());

    expect(await screen.findByText(SUCCESS)).toBeDefined();
    expect(screen.getByText(/1-2 business days/)).toBeDefined();
    expect(screen.getByRole("status").textContent).toContain(SUCCESS);
    // The form is gone.
    expect(screen.queryByLabelText("Name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Send Message" })).toBeNull();

    const { url, init, body } = sentRequest();
    expect(url).toBe("/api/inquiries");
    expect(init.method).toBe("POST");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    // Trimmed, and neither a blank organization nor an absent tenant is sent.
    expect(body).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.org",
      message: "We'd like a shuttle for our campus.\nAbout 200 riders a day.",
    });
    expect(Object.keys(body).sort()).toEqual(["email", "message", "name"]);

    expect(assignMock).toHaveBeenCalledTimes(1);
    const mailto = String(assignMock.mock.calls[0][0]);
    const match = /^mailto:([^?]+)\?subject=([^&]*)&body=([^&]*)$/.exec(mailto);
    expect(match, mailto).not.toBeNull();
    const [, to, subject, mailBody] = match!;
    expect(to).toBe(CONTACT_EMAIL);
    expect(decodeURIComponent(subject)).toBe("Shuttle service inquiry from Ada Lovelace");
    expect(decodeURIComponent(mailBody)).toBe(
      "We'd like a shuttle for our campus.\r\nAbout 200 riders a day.\r\n\r\nName: Ada Lovelace\r\nEmail: ada@example.org",
    );
  });

  it("sends and mails the organization when one is given", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill({ ...VALID, organization: "  Analytical Engines Ltd " });
    fireEvent.click(sendButton());
    await screen.findByText(SUCCESS);
    expect(sentRequest().body.organization).toBe("Analytical Engines Ltd");
    const mailto = new URL(String(assignMock.mock.calls[0][0]));
    expect(mailto.searchParams.get("body")).toContain("\r\nOrganization: Analytical Engines Ltd");
  });

  it("lets the visitor start over after sending", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill(VALID);
    fireEvent.click(sendButton());
    await screen.findByText(SUCCESS);
    fireEvent.click(screen.getByRole("button", { name: "Send another message" }));
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeDefined();
    expect(screen.queryByText(SUCCESS)).toBeNull();
  });

  it("on a server error shows the error, keeps the typed values and does not open the mail client", async () => {
    answerWith(500);
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill({ ...VALID, organization: "Engines" });
    fireEvent.click(sendButton());

    expect((await screen.findByRole("alert")).textContent).toBe(ERROR);
    expect(screen.queryByText(SUCCESS)).toBeNull();
    expect(field.name().value).toBe(VALID.name);
    // An email input's value drops surrounding whitespace (HTML value sanitization).
    expect(field.email().value).toBe(VALID.email.trim());
    expect(field.organization().value).toBe("Engines");
    expect(field.message().value).toBe(VALID.message);
    const button = sendButton() as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assignMock).not.toHaveBeenCalled();
  });

  it("on a network failure shows the error, keeps the typed values and does not open the mail client", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill(VALID);
    fireEvent.click(sendButton());

    expect((await screen.findByRole("alert")).textContent).toBe(ERROR);
    expect(field.name().value).toBe(VALID.name);
    expect(field.email().value).toBe(VALID.email.trim());
    expect(field.message().value).toBe(VALID.message);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assignMock).not.toHaveBeenCalled();

    // Trying again after the network is back works and clears the error.
    answerWith(201);
    fireEvent.click(sendButton());
    expect(await screen.findByText(SUCCESS)).toBeDefined();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(assignMock).toHaveBeenCalledTimes(1);
  });

  it("records the tenant the form belongs to", async () => {
    render(<ContactForm contactEmail={CONTACT_EMAIL} tenant="greer" />);
    fill(VALID);
    fireEvent.click(sendButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentRequest().body).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.org",
      message: "We'd like a shuttle for our campus.\nAbout 200 riders a day.",
      tenant: "greer",
    });
    await screen.findByText(SUCCESS);
  });

  it("over the server's limit shows the server's reason instead of the generic error", async () => {
    const reason = "Too many messages from your network. Please try again later or email us directly.";
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: reason }), { status: 429 }));
    render(<ContactForm contactEmail={CONTACT_EMAIL} />);
    fill(VALID);
    fireEvent.click(sendButton());
    expect((await screen.findByRole("alert")).textContent).toBe(reason);
    expect(assignMock).not.toHaveBeenCalled();
  });
});
