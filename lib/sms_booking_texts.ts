/**
 * The texts of a ride booked by SMS (domain/sms_booking/): the questions of
 * the conversation, its answers, and what it says back to the keywords only a
 * booking conversation knows. Each fits two segments in English and Spanish
 * with every value filled as the server fills it (tests/unit/sms_booking_texts.test.ts):
 * 306 GSM-7 characters, or 134 when one character is outside GSM-7.
 */
import type { Text } from "./i18n/catalogue.ts";

/** Asked first of a number Hopper has no language for; the same in both languages, it names both. */
export const ASK_LANGUAGE: Text = "Hopper rides: reply 1 for English, 2 para Español.";
export const ASK_SERVICE: Text = "Which shuttle service? Reply with its number: {list}";
export const ASK_PICKUP: Text =
  "{organization}: where should we pick you up? Text a place name. AGENT: talk to a person.";
export const ASK_PICKUP_CHOICE: Text = "Which pickup? Reply with its number: {list}";
export const ASK_DESTINATION: Text = "Where are you going? Text a place name.";
export const ASK_DESTINATION_CHOICE: Text = "Which destination? Reply with its number: {list}";
export const ASK_WHEN: Text = "When? Reply NOW, a time today (3:30pm) or a day and time (Fri 9am).";
export const ASK_PASSENGERS: Text =
  "How many riders (1-5)? Add any needs: wheelchair, walker, service animal, assistance. Example: 2 wheelchair";
export const ASK_CONFIRM: Text =
  "{pickup} to {destination}, {when}, {count} rider(s){needs}. YES: book. NO: start over.";
export const WHEN_NOW: Text = "now";
export const NO_PLACE: Text = "No place has that name. {question}";
export const NOT_UNDERSTOOD: Text = "Sorry, I did not understand. {question}";
/** A time the booking rules refuse (lib/booking.ts): the rule, and the question again in short. */
export const OTHER_TIME: Text = "{reason} Please text another time.";
export const STARTING_OVER: Text = "OK, let's start over. {question}";
export const HANDED_TO_PERSON: Text = "A person will text you back soon.";
export const BOOKED_FOR: Text =
  "{organization}: your ride from {pickup} is booked, pickup at {time}. To cancel, reply CANCEL RIDE.";
export const NOT_BOOKED: Text = "Your ride was not booked: {reason} Text RIDE to start again.";
export const RIDE_CANCELED: Text = "{organization}: your ride is canceled.";
export const NO_RIDE_TO_CANCEL: Text = "You have no ride to cancel.";
export const NO_RIDE_NOW: Text = "You have no ride now. Text RIDE to book one.";
export const RIDE_STATUS: Text = "Your ride from {pickup}, {time}: {state}.";
export const STATE_PENDING: Text = "looking for a driver";
export const STATE_ACCEPTED: Text = "a driver is coming";
export const STATE_ON_THE_WAY: Text = "your driver is on the way";
export const STATE_ARRIVED: Text = "your shuttle is here";
export const STATE_PICKED_UP: Text = "on board";
export const STATE_BOOKED: Text = "booked";
/** Said once when a number passes its texts for the hour; later texts that hour get no answer. */
export const TOO_MANY_TEXTS_HOUR: Text = "Too many texts from this number. Please try again in an hour.";

/** Every text above, for the two-segment check. */
export const BOOKING_SMS: readonly Text[] = [
  ASK_LANGUAGE,
  ASK_SERVICE,
  ASK_PICKUP,
  ASK_PICKUP_CHOICE,
  ASK_DESTINATION,
  ASK_DESTINATION_CHOICE,
  ASK_WHEN,
  ASK_PASSENGERS,
  ASK_CONFIRM,
  WHEN_NOW,
  NO_PLACE,
  NOT_UNDERSTOOD,
  OTHER_TIME,
  STARTING_OVER,
  HANDED_TO_PERSON,
  BOOKED_FOR,
  NOT_BOOKED,
  RIDE_CANCELED,
  NO_RIDE_TO_CANCEL,
  NO_RIDE_NOW,
  RIDE_STATUS,
  STATE_PENDING,
  STATE_ACCEPTED,
  STATE_ON_THE_WAY,
  STATE_ARRIVED,
  STATE_PICKED_UP,
  STATE_BOOKED,
  TOO_MANY_TEXTS_HOUR,
  "{organization}: {text}",
];

/** GSM 03.38's basic character set: a text wholly in it takes 153 characters a segment once split, else 67. */
const GSM7 = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§" +
  "¿abcdefghijklmnopqrstuvwxyzäöñüà";

/** The most characters two segments hold for `text`. */
export function twoSegmentsOf(text: string): number {
  return [...text].every((ch) => GSM7.includes(ch)) ? 306 : 134;
}

/**
 * `text` cut to two segments: the texts above fit with their values at their
 * longest (the test fills them so), and this bounds what they cannot
 * foresee, such as a dispatcher's reply or a refusal's long value.
 */
export function fitTwoSegments(text: string): string {
  const chars = [...text];
  const max = twoSegmentsOf(text);
  return chars.length <= max ? text : chars.slice(0, max - 3).join("") + "...";
}

/** A dispatcher's reply to a conversation waiting for a person, as the rider receives it. */
export const PERSON_SAYS: Text = "{organization}: {text}";
/** The longest reply a dispatcher may send: with the organisation's name, it still fits two segments. */
export const REPLY_MAX = 160;
export const REPLY_TEXT: Text = "The reply must be 1 to {max} characters";
export const CONVERSATION_NOT_FOUND: Text = "Conversation not found";
export const REPLY_NOT_SENT: Text = "The text could not be sent. Please try again.";
export const CONVERSATION_CHANGED: Text = "The conversation changed meanwhile. Please try again.";
