"""A task's full editable state, as TASK-7 has a create carry it and TASK-10 an edit: the one
shape the offline traces (trace_offline.py) and the offline vectors (generate_offline_vectors.py)
give the tasks their apps create and edit, so the checker's app half of those requirements
passes both."""


def task(category: int, description: str, address: str, budget: int, picture: str, start: str, end: str) -> dict:
    """The editable members of one task, its one date running from `start` to `end` (ISO 8601)."""
    return {"category": category, "Description": description, "image": [f"https://img.example.com/{picture}.jpg"],
            "dates": [{"start": start, "end": end}], "address": address,
            "location": {"lat": 40.4168, "lng": -3.7038}, "maxBudget": budget}
