"""A tiny command tool: reads one JSON input on stdin, writes one JSON answer on stdout."""
import json
import sys

ORDERS = {
    "order_42": {"id": "order_42", "status": "shipped", "total": 129.5},
    "order_7": {"id": "order_7", "status": "complete", "total": 12.0},
}

def main():
    action = sys.argv[1]
    request = json.load(sys.stdin)
    if action == "lookup":
        order = ORDERS.get(request["id"])
        if order is None:
            sys.stderr.write(f"no order {request['id']}\n")
            sys.exit(1)
        json.dump(order, sys.stdout)
    elif action == "recent":
        json.dump(list(ORDERS.values())[: request.get("limit", 10)], sys.stdout)

main()
