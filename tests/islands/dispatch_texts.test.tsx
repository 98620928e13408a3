/** The console's texters waiting for a person on an English page (the cases: dispatch_texts_cases.tsx). */
import { vi } from "vitest";
import { textsCases } from "./dispatch_texts_cases.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

textsCases("en", {
  title: (count) => `Texts waiting for a person (${count})`,
  none: "No texter is waiting.",
  copy: "Copy number",
  copied: "Number copied",
  spanish: "Language: Spanish",
  english: "Language: English",
  pickup: "Pickup: ",
  destination: "Destination: not chosen yet",
  waiting: /Waiting since 9:02 AM \(10 minutes ago\)/,
  rider: "Rider",
  hopper: "Hopper",
  dispatcher: "Dispatcher",
  reply: "Reply by text",
  send: "Send reply",
  counter: (count) => `${count} of 160 characters`,
  ended: "This conversation has ended.",
  notSent: "The reply was not sent. Please try again.",
});
