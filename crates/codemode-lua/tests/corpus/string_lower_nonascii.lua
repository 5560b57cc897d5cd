return {("ÀBC"):lower(), ("àbc"):upper(), #("é"):upper()}
