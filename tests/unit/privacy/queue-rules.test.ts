import { describe, expect, it } from "vitest";
import { deadlineMark, markLabel } from "@/lib/privacy/shared/queue-rules";

const now = new Date("2026-11-23T12:00:00.000Z");
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe("deadlineMark", () => {
  it("marks overdue, due within 7 days, on time, and closed", () => {
    expect(deadlineMark({ status: "received", respondBy: at(-1) }, now)).toEqual({ state: "overdue", daysLeft: -1 });
    expect(deadlineMark({ status: "received", respondBy: at(-49) }, now)).toEqual({ state: "overdue", daysLeft: -2 });
    expect(deadlineMark({ status: "received", respondBy: at(-72) }, now)).toEqual({ state: "overdue", daysLeft: -3 });
    expect(deadlineMark({ status: "in progress", respondBy: at(0) }, now).state).toBe("due_soon");
    expect(deadlineMark({ status: "received", respondBy: at(7 * 24) }, now)).toEqual({
      state: "due_soon",
      daysLeft: 7,
    });
    expect(deadlineMark({ status: "received", respondBy: at(7 * 24 + 1) }, now).state).toBe("on_time");
    expect(deadlineMark({ status: "Completed", respondBy: at(-100) }, now).state).toBe("closed");
  });

  it("says it in words", () => {
    expect(markLabel({ state: "overdue", daysLeft: -1 })).toBe("Overdue by 1 day");
    expect(markLabel({ state: "overdue", daysLeft: -4 })).toBe("Overdue by 4 days");
    expect(markLabel({ state: "due_soon", daysLeft: 1 })).toBe("Due in 1 day");
    expect(markLabel({ state: "on_time", daysLeft: 30 })).toBe("30 days left");
  });
});
