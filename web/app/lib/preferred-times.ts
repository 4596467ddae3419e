import {
  PreferredTimeAfternoon,
  PreferredTimeAnytime,
  PreferredTimeEvening,
  PreferredTimeMorning,
  type PreferredTime,
} from "./api-types.gen";

/** The call windows of the contact form, as the visitor picks them and as staff read them on a lead. */
export const PREFERRED_TIMES: readonly { value: PreferredTime; label: string }[] = [
  { value: PreferredTimeMorning, label: "Morning (9am–12pm ET)" },
  { value: PreferredTimeAfternoon, label: "Afternoon (12pm–5pm ET)" },
  { value: PreferredTimeEvening, label: "Evening (5pm–7pm ET)" },
  { value: PreferredTimeAnytime, label: "Any time works" },
];
