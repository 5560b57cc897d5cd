function f() { leaked = 3; } f(); return leaked;
