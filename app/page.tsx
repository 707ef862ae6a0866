import { redirect } from "next/navigation";

/** The product starts at the survey list (signed-out visitors are sent to sign-in first). */
export default function HomePage() {
  redirect("/surveys");
}
